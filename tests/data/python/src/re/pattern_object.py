import re

p = re.compile(r"(?P<key>\w+):\s*(?P<val>[^;]+)", re.I)
print(p)
print(p.pattern, p.flags, p.groups, sorted(p.groupindex.items()))
print(re.compile("a+"), re.compile(b"x", re.M), re.compile("t", re.X | re.S))
print(p.search("  Host: example.org; Port: 80").groupdict())
print(p.findall("a: 1; b: 2"))
print([m.group("key") for m in p.finditer("x:1;y:2;z:3")])
print(p.match("nope") is None, p.fullmatch("k: v") is not None)
print(re.compile(p) is p)
print(p == re.compile(r"(?P<key>\w+):\s*(?P<val>[^;]+)", re.I))
