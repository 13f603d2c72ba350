class Counting(dict):
    def get(self, key, default=None):
        print("get", key)
        return super().get(key, default)

def counting(**items):
    c = Counting()
    for k, v in items.items():
        c[k] = v
    return c

class WithMissing(dict):
    def __missing__(self, key):
        return "made up"

wm = WithMissing()
wm["q"] = 1

def check(m):
    match m:
        case {"a": 1, **rest} if not rest:
            return "exactly a=1"
        case {"a": 1, **rest}:
            return f"a=1 plus {rest}"
        case {"b": b}:
            return f"b={b}"
        case {}:
            return "some other mapping"
        case _:
            return "not a mapping"

for m in [{"a": 1}, {"a": 1, "z": 26}, {"b": None}, {}, {"c": 3}, [("a", 1)], counting(b=2), wm]:
    print(check(m))

match counting(a=1, x=2):
    case {"a": _, **others}:
        print(type(others).__name__, others)
match {1: "one", 2.0: "two", None: "none", True: "t"}:
    case {1: v1, 2: v2, None: vn}:
        print(v1, v2, vn)
