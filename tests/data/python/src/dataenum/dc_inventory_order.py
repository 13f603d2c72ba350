from dataclasses import dataclass, field


@dataclass(order=True)
class Item:
    sort_index: float = field(init=False, repr=False)
    name: str
    price: float
    quantity: int = 0

    def __post_init__(self):
        self.sort_index = self.price * self.quantity


items = [
    Item("widget", 2.5, 10),
    Item("gadget", 10.0, 1),
    Item("doohickey", 0.75, 40),
    Item("gizmo", 5.0, 5),
]
for it in sorted(items):
    print(f"{it.name:<10} {it.sort_index:>6.2f}", it)
print(max(items).name, min(items).name)
print(Item("a", 1.0, 2) < Item("b", 1.0, 3))
print(Item("a", 1.0, 2) <= Item("a", 2.0, 1))
