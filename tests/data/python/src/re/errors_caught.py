import re

bad = ["(", "a)", "*", "a**", "[a", "[z-a]", r"\q", "(?P<1>x)", "(?<=a+)b", r"(a)\2",
       "(?P<n>a)(?P<n>b)", "a{3,1}", "(?#x", "(?z)", "x(?i)y", "(?P=nope)", "ab\n(c"]
for p in bad:
    try:
        re.compile(p)
        print("ok?", p)
    except re.error as e:
        print(repr(p), "->", e)
        print("   msg=%r pos=%r line=%r col=%r" % (e.msg, e.pos, e.lineno, e.colno))
print(re.error is re.PatternError, issubclass(re.error, Exception))
