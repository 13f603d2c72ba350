from enum import Enum, unique


class Shape(Enum):
    SQUARE = 2
    DIAMOND = 1
    CIRCLE = 3
    ALIAS_FOR_SQUARE = 2


print(list(Shape))
print(Shape.ALIAS_FOR_SQUARE, Shape(2))
print(list(Shape.__members__))
print([name for name, m in Shape.__members__.items() if m.name != name])
try:
    @unique
    class Mistake(Enum):
        ONE = 1
        TWO = 2
        THREE = 3
        FOUR = 3
except ValueError as e:
    print("ValueError:", e)
