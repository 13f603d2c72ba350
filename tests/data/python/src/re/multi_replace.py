import re

mapping = {"cat": "dog", "red": "blue", "small": "large"}
rx = re.compile(r"\b(" + "|".join(map(re.escape, sorted(mapping, key=len, reverse=True))) + r")\b")
print(rx.pattern)
print(rx.sub(lambda m: mapping[m.group(1)], "the small red cat sat on a red mat; cats ignored"))
print(re.sub(r"[aeiou]", lambda m: m.group().upper(), "regular expressions"))
print(re.sub(r"(\d+)\s*(kb|mb)", lambda m: str(int(m[1]) * (1024 if m[2] == "kb" else 1048576)), "5 kb and 2mb"))
