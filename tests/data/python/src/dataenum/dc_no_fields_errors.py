from dataclasses import dataclass, field

try:
    @dataclass
    class A:
        x = field(default=1)
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass
    class B:
        x: int = field(default=1, default_factory=int)
except ValueError as e:
    print("ValueError:", e)
try:
    @dataclass(order=True, eq=False)
    class C:
        x: int
except ValueError as e:
    print("ValueError:", e)
try:
    @dataclass(order=True)
    class D:
        x: int

        def __lt__(self, other):
            return True
except TypeError as e:
    print("TypeError:", e)


@dataclass
class Empty:
    pass


print(Empty(), Empty() == Empty())
