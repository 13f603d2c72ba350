from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


print(Color.RED, repr(Color.RED))
print(Color.RED.name, Color.RED.value)
print(Color(2), Color["BLUE"])
print(list(Color))
print(len(Color), Color.RED in Color)
print(type(Color.RED), Color)
print(f"{Color.GREEN}", format(Color.GREEN), f"[{Color.BLUE:>12}]")
print(Color.RED == Color.RED, Color.RED == 1, Color.RED is Color(1))
for c in Color:
    print(c.name.lower(), c.value)
