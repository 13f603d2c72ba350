class Lazy:
    __match_args__ = ("value", "missing")
    @property
    def value(self):
        return 42
    @property
    def broken(self):
        raise AttributeError("not here")
    @property
    def exploding(self):
        raise KeyError("boom")

def test(v):
    match v:
        case Lazy(value=41):
            return "41"
        case Lazy(broken=_):
            return "broken matched"
        case Lazy(42):
            return "positional 42"
        case _:
            return "fallback"

print(test(Lazy()))
match Lazy():
    case Lazy(42, m):
        print("has missing", m)
    case Lazy(v):
        print("value only", v)
try:
    match Lazy():
        case Lazy(exploding=e):
            print("no")
except KeyError as e:
    print("KeyError", e)
