import re

p = re.compile(r"\d+")
s = "ab12cd345ef6"
print(p.search(s, 3))
print(p.search(s, 5, 8))
print(p.match(s, 2))
print(p.match(s, 0))
print(p.findall(s, 4))
print(p.findall(s, 0, 7))
print(re.compile("^c").search(s, 4))
print(re.compile("d$").search(s, 0, 6))
print(re.compile(r"(?<=b)\d").search(s, 2))
print(p.fullmatch(s, 6, 9))
