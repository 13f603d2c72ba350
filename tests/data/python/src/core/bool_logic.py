print(True and False, True or False, not True)
print(0 or "default", "" or None, 3 and 4, 0 and 1/0)
print([] or [1], {} and "x", None or 0 or "last")
print(True + True, True * 10, sum([True, False, True]))
def check(v):
    return "truthy" if v else "falsy"
for v in [0, 1, -1, 0.0, "", " ", [], [[]], None, (), {0: 0}]:
    print(repr(v), check(v))
