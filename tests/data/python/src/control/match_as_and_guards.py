def classify(value):
    match value:
        case int(n) if n < 0:
            return "negative int"
        case int(n) if n % 2 == 0:
            return "even int"
        case int():
            return "odd int"
        case [int() as first, *rest] as whole:
            return f"int list starting {first}, len {len(whole)}, rest {rest}"
        case (a, b):
            return f"pair {a}/{b}"
        case {"name": str() as name}:
            return f"named {name}"
        case _:
            return "other"

for v in [-3, 4, 7, [1, 2, 3], ("a", "b"), ["x", "y"], {"name": "n"}, {"name": 1}, 2.0]:
    print(repr(v), "=>", classify(v))
