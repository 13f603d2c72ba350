from enum import Enum, Flag, verify, UNIQUE, CONTINUOUS, NAMED_FLAGS


@verify(UNIQUE, CONTINUOUS)
class Good(Enum):
    A = 1
    B = 2
    C = 3


print(list(Good))
try:
    @verify(CONTINUOUS)
    class Gappy(Enum):
        A = 1
        B = 2
        E = 5
except ValueError as e:
    print("ValueError:", e)
try:
    @verify(UNIQUE)
    class Dup(Enum):
        A = 1
        B = 1
except ValueError as e:
    print("ValueError:", e)
