from enum import Enum, auto


class Name(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower().replace("_", "-")

    FIRST_ONE = auto()
    SECOND_ONE = auto()


print(list(Name))


class Counted(Enum):
    A = 10
    B = auto()
    C = auto()


print([(m.name, m.value) for m in Counted])


class Mixed(Enum):
    X = auto()
    Y = 7
    Z = auto()


print([m.value for m in Mixed])
try:
    class Broken(Enum):
        A = "a"
        B = auto()
except TypeError as e:
    print("TypeError:", e)
print(repr(auto()))
