from dataclasses import dataclass


@dataclass
class Order:
    id: int
    item: str
    qty: int = 1


for args, kwargs in [((), {}), ((1,), {}), ((1, "x", 2, 3), {}), ((1, "x"), {"price": 2}),
                     ((1, "x"), {"id": 2})]:
    try:
        print(Order(*args, **kwargs))
    except TypeError as e:
        print("TypeError:", e)
Order(1, qty=3)
