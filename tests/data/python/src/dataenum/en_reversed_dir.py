from enum import Enum


class Step(Enum):
    ONE = 1
    TWO = 2
    THREE = 3


print(list(reversed(Step)))
print(dir(Step))
print(dir(Step.ONE))
print(Step._member_names_, Step._value2member_map_)
print(Step.ONE._name_, Step.ONE._value_)
print(bool(Step), bool(Step.ONE))
