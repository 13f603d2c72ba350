import re

dates = "Due 2024-03-15, paid 2024-04-01, next 2024-12-31."
print(re.sub(r"(\d{4})-(\d{2})-(\d{2})", r"\3/\2/\1", dates))
print(re.sub(r"(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})", r"\g<d>.\g<m>.\g<y>", dates))
print(re.sub(r"(\w+) (\w+)", r"\2 \1", "hello world foo bar"))
print(re.sub(r"(a)(b)?", r"[\1|\2]", "ab a"))
print(re.subn(r"\s+", " ", "a   b \t\n c"))
print(re.sub(r"x", r"\n", "axbxc").split("\n"))
print(re.sub(r"(\d+)", r"<\g<1>0>", "1 22"))
