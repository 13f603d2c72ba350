from dataclasses import dataclass, fields
from typing import ClassVar


@dataclass
class Counter:
    instances: ClassVar[int] = 0
    name: str
    step: int = 1

    def __post_init__(self):
        Counter.instances += 1


a = Counter("a")
b = Counter("b", 5)
print(a, b)
print(Counter.instances)
print([f.name for f in fields(Counter)])
print(Counter.__match_args__)
