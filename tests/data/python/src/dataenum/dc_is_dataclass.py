from dataclasses import dataclass, is_dataclass, asdict


@dataclass
class A:
    x: int


class B:
    pass


for obj in (A, A(1), B, B(), 3, "s"):
    print(type(obj).__name__, is_dataclass(obj))
try:
    asdict(A)
except TypeError as e:
    print("TypeError:", e)
try:
    asdict({"x": 1})
except TypeError as e:
    print("TypeError:", e)
