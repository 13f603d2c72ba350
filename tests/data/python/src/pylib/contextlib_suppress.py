from contextlib import suppress

cache = {"a": 1}
with suppress(KeyError):
    del cache["missing"]
    print("not reached")
print("after suppress", cache)

with suppress(ValueError, TypeError):
    int("not a number")
with suppress():
    pass

values = ["1", "x", "3", None, "5"]
total = 0
for v in values:
    with suppress(ValueError, TypeError):
        total += int(v)
print(total)

try:
    with suppress(KeyError):
        [][1]
except IndexError as e:
    print("IndexError escapes:", e)

with suppress(Exception):
    raise ExceptionGroup("many", [ValueError(1), TypeError(2)])
print("group suppressed")
