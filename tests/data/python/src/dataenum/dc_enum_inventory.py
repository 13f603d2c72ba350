from dataclasses import dataclass, field, asdict
from enum import Enum, auto
import json


class Category(Enum):
    TOOL = auto()
    PART = auto()
    SUPPLY = auto()


@dataclass(order=True)
class Item:
    category: int = field(init=False, repr=False)
    kind: Category = field(compare=False)
    name: str
    qty: int = 0

    def __post_init__(self):
        self.category = self.kind.value


stock = [Item(Category.SUPPLY, "tape", 12), Item(Category.TOOL, "hammer", 2),
         Item(Category.PART, "bolt", 300), Item(Category.TOOL, "drill", 1)]
for it in sorted(stock):
    print(it)
report = {}
for it in stock:
    report.setdefault(it.kind.name.lower(), []).append(asdict(it)["name"])
print(json.dumps(report, sort_keys=True))
