from dataclasses import dataclass


@dataclass(frozen=True)
class Base:
    id: int


try:
    @dataclass
    class Mutable(Base):
        name: str
except TypeError as e:
    print("TypeError:", e)


@dataclass
class Loose:
    id: int


try:
    @dataclass(frozen=True)
    class Strict(Loose):
        name: str
except TypeError as e:
    print("TypeError:", e)


@dataclass(frozen=True)
class Named(Base):
    name: str = "x"


print(Named(1), hash(Named(1)) == hash((1, "x")))
