from dataclasses import dataclass


@dataclass
class Plain:
    a: int


@dataclass(frozen=True)
class Frozen:
    a: int


@dataclass(unsafe_hash=True)
class Unsafe:
    a: int
    b: list = None


@dataclass(eq=False)
class NoEq:
    a: int


print(Plain.__hash__)
print(hash(Frozen(3)) == hash((3,)))
print(hash(Unsafe(3)) == hash((3, None)))
print(NoEq(1) == NoEq(1), NoEq.__hash__ is object.__hash__)
try:
    hash(Plain(1))
except TypeError as e:
    print("TypeError:", e)
try:
    {Plain(1)}
except TypeError as e:
    print("TypeError:", e)
