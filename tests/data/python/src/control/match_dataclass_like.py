class Msg:
    __match_args__ = ("kind", "body")
    def __init__(self, kind, body=None):
        self.kind, self.body = kind, body

def route(m):
    match m:
        case Msg("ping"):
            return "pong"
        case Msg("echo", str(text)):
            return text
        case Msg("add", [a, b]):
            return a + b
        case Msg("add", [*nums]):
            return sum(nums)
        case Msg(kind=k):
            return f"unhandled {k}"

for m in [Msg("ping"), Msg("echo", "hi"), Msg("add", [2, 3]), Msg("add", [1, 2, 3]), Msg("other")]:
    print(route(m))
