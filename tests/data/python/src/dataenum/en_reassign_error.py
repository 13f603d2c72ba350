from enum import Enum


class Mode(Enum):
    FAST = 1
    SLOW = 2


try:
    Mode.FAST = 3
except AttributeError as e:
    print("AttributeError:", e)
try:
    Mode.FAST.value = 5
except AttributeError as e:
    print("AttributeError:", e)
try:
    del Mode.SLOW
except AttributeError as e:
    print("AttributeError:", e)
print(list(Mode))
