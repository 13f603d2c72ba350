def describe(x):
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, int):
        return "int"
    if isinstance(x, (list, tuple)):
        return f"sequence of {len(x)}"
    if isinstance(x, dict):
        return "mapping"
    if isinstance(x, str):
        return "string"
    return type(x).__name__

for v in [True, 3, 3.0, [1], (1, 2), {}, "s", None, b"b", range(2)]:
    print(repr(v), "->", describe(v))
print(type(3) is int, type(True) is int, type(None).__name__)
