import re

print(re.sub("x*", "-", "abc"))
print(re.sub("x*", "-", "abxd"))
print(re.split("x*", "axbc"))
print(re.findall("x*", "axxb"))
print([m.span() for m in re.finditer(r"\b", "ab cd")])
print(re.sub(r"(?=b)", "^", "abab"))
print(re.split(r"\b", "hi there"))
print(re.subn("", "-", "abc"))
print(re.findall(r"a|", "bab"))
