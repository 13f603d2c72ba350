from enum import Enum


class Color(Enum):
    RED = "red"
    GREEN = "green"

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            for member in cls:
                if member.value == value.lower():
                    return member
        return None


print(Color("RED"), Color("Green"))
try:
    Color("blue")
except ValueError as e:
    print("ValueError:", e)


class Weird(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        return 42


try:
    Weird(2)
except TypeError as e:
    print("TypeError:", e, "|", repr(e.__context__))
