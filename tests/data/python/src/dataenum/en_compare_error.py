from enum import Enum


class Priority(Enum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3


print(Priority.LOW != Priority.HIGH)
print(sorted(Priority, key=lambda p: p.value, reverse=True))
print(max(Priority, key=lambda p: p.value))
try:
    sorted([Priority.HIGH, Priority.LOW])
except TypeError as e:
    print("TypeError:", e)
Priority.LOW < Priority.HIGH
