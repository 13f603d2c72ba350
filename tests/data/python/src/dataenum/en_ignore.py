from enum import Enum


class Weekday(Enum):
    _ignore_ = ["i"]
    for i in range(1, 4):
        vars()[f"DAY{i}"] = i


print(list(Weekday))
print(hasattr(Weekday, "i"), Weekday.DAY2.value)


class Shape(Enum):
    _ignore_ = "tmp helper"
    tmp = 5
    helper = "x"
    SQUARE = 4


print(list(Shape), hasattr(Shape, "tmp"))
