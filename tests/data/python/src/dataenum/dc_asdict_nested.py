from dataclasses import dataclass, field, asdict, astuple
from collections import namedtuple

Pair = namedtuple("Pair", "left right")


@dataclass
class Address:
    street: str
    city: str


@dataclass
class Person:
    name: str
    address: Address
    phones: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    pair: tuple = ()


p = Person("Ann", Address("1 Main", "Springfield"), ["555-1234"],
           {"home": Address("2 Elm", "Shelbyville")}, Pair(Address("a", "b"), 3))
print(asdict(p))
print(astuple(p))
d = asdict(p)
d["address"]["city"] = "Changed"
print(p.address.city)
print(type(asdict(p)["pair"]).__name__)
