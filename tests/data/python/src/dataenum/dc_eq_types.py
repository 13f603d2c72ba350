from dataclasses import dataclass


@dataclass
class A:
    x: int


@dataclass
class B:
    x: int


class SubA(A):
    pass


print(A(1) == A(1), A(1) == B(1), A(1) == SubA(1), A(1) == (1,))
print(A(1).__eq__(B(1)))
print(A(float("nan")) == A(float("nan")))
n = float("nan")
print(A(n) == A(n))
try:
    A(1) < A(2)
except TypeError as e:
    print("TypeError:", e)
