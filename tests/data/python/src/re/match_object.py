import re

m = re.search(r"(\w+)@(\w+)\.com", "mail me: joe@site.com today")
print(m)
print(bool(m), m.group(), m.group(0), m.group(1, 2), m[2])
print(m.groups(), m.span(), m.start(1), m.end(2), m.regs)
print(m.pos, m.endpos, m.string)
print(m.re.pattern)
print(m.expand(r"user=\1 host=\2 all=\g<0>"))
m2 = re.match(r"(a)(b)?(c)?", "ac")
print(m2.groups(), m2.groups("-"), m2.lastindex, m2.span(2))
print(re.match("x", "y"))
print(type(m).__name__, type(m.re).__name__)
