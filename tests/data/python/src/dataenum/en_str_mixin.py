from enum import Enum
import json


class Env(str, Enum):
    DEV = "dev"
    PROD = "prod"


print(Env.DEV, repr(Env.DEV), f"{Env.PROD}")
print(Env.DEV == "dev", Env.DEV.value, Env("prod"))
print(json.dumps({"env": Env.PROD}))
print(json.dumps([e.value for e in Env]))


class Num(int, Enum):
    ONE = 1
    TWO = 2


print(Num.ONE, repr(Num.TWO), Num.ONE + Num.TWO, f"{Num.TWO}")
