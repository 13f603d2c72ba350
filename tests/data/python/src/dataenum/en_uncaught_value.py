from enum import Enum


class Unit(Enum):
    METER = "m"
    FOOT = "ft"


def parse(text):
    number, unit = text.split()
    return float(number), Unit(unit)


print(parse("3 m"))
for text in ["2 ft", "3 yd", "1 m"]:
    try:
        print(parse(text))
    except ValueError as e:
        print("bad:", e)
