import enum
from enum import Enum, EnumMeta, EnumType, IntEnum, Flag


class Fruit(Enum):
    APPLE = 1


print(isinstance(Fruit, EnumMeta), EnumMeta is EnumType, type(Fruit))
print(isinstance(Fruit.APPLE, Fruit), issubclass(Fruit, Enum))
print(Fruit.__mro__)
print(IntEnum.__mro__)
print(issubclass(enum.IntFlag, Flag), issubclass(enum.IntFlag, int))
print(repr(Flag), repr(Enum))
