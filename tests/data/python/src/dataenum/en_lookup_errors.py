from enum import Enum


class Status(Enum):
    ACTIVE = "active"
    INACTIVE = "inactive"


print(Status("active"))
try:
    Status("deleted")
except ValueError as e:
    print("ValueError:", e)
try:
    Status["DELETED"]
except KeyError as e:
    print("KeyError:", e)
try:
    Status(1)
except ValueError as e:
    print("ValueError:", e)
print("active" in Status, "gone" in Status)
print(Status.__members__)
