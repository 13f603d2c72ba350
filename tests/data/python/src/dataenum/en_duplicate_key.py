from enum import Enum

try:
    class Color(Enum):
        RED = 1
        GREEN = 2
        RED = 3
except TypeError as e:
    print("TypeError:", e)
try:
    class Shape(Enum):
        CIRCLE = 1

        def CIRCLE(self):
            return "round"
except TypeError as e:
    print("TypeError:", e)


class Ok(Enum):
    A = 1
    B = A + 1
    C = B * 10


print(list(Ok))
