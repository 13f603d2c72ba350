import re

f = re.I | re.M
print(f, repr(f), f & re.I, repr(f & re.S))
print(re.I in f, re.S in f)
print(repr(re.NOFLAG), repr(re.RegexFlag(0)))
print(re.IGNORECASE.name, re.I.value, int(re.X))
print(isinstance(re.I, int), re.I == 2, re.I + 1)
print(repr(re.compile("x", f)), re.compile("x", f).flags)
print(re.findall("A", "aA", flags=2))
