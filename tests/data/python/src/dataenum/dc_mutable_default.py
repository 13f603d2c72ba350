from dataclasses import dataclass

try:
    @dataclass
    class Bag:
        items: list = []
except ValueError as e:
    print("ValueError:", e)

try:
    @dataclass
    class Cfg:
        opts: dict = {}
except ValueError as e:
    print("ValueError:", e)


try:
    @dataclass
    class Inventory:
        owner: str
        items: set = {1}
except ValueError as e:
    print("ValueError:", e)


@dataclass(frozen=True)
class Fine:
    items: tuple = ()
    name: frozenset = frozenset()


print(Fine())
