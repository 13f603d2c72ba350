class MyInt(int):
    pass

class MyStr(str):
    pass

def kind(v):
    match v:
        case bool(b):
            return f"bool {b}"
        case MyInt(n):
            return f"MyInt {type(n).__name__} {n}"
        case int(n) if n < 0:
            return f"negative {n}"
        case int(n):
            return f"int {n}"
        case float(x):
            return f"float {x}"
        case str(s) if isinstance(s, MyStr):
            return f"MyStr {s}"
        case str(s):
            return f"str {s!r}"
        case list(l):
            return f"list of {len(l)}"
        case tuple((a, b)):
            return f"pair tuple {a} {b}"
        case tuple(t):
            return f"tuple {t}"
        case dict({"k": v}):
            return f"dict with k={v}"
        case dict(d):
            return f"dict {d}"
        case set(s) | frozenset(s):
            return f"set of {len(s)}"
        case bytes(b):
            return f"bytes {b!r}"
        case _:
            return "other"

for v in [True, -4, MyInt(7), 3, 2.5, MyStr("m"), "s", [1, 2], (1, 2), (1, 2, 3), {"k": 1}, {}, {1, 2}, frozenset(), b"x", None]:
    print(kind(v))
