def swap(v):
    match v:
        case (x, y, "xy") | (y, x, "yx"):
            return f"x={x} y={y}"
        case {"a": a, "b": b} | [b, a]:
            return f"a={a} b={b}"
        case _:
            return "no"

for v in [(1, 2, "xy"), (1, 2, "yx"), {"a": 1, "b": 2}, [1, 2], (1, 2), "ab"]:
    print(repr(v), swap(v))

def nested(v):
    match v:
        case [(1 | 2) as first, *rest] | [*rest, (8 | 9) as first]:
            return first, rest
    return None

for v in [[1, 5, 6], [5, 6, 9], [2], [3, 4], [9]]:
    print(v, nested(v))
