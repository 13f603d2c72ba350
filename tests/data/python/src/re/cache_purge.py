import re

p1 = re.compile(r"\d+")
p2 = re.compile(r"\d+")
print(p1 == p2)
print(re.match(r"\d+", "42").group())
re.purge()
print(re.search(r"\d+", "x7").group())
pats = [re.compile("a{%d}" % i) for i in range(5)]
print([bool(p.match("aaa")) for p in pats])
