def shape(v):
    match v:
        case str():
            return "string (not a sequence pattern)"
        case []:
            return "empty sequence"
        case [_]:
            return "one"
        case [_, _]:
            return "two"
        case [_, _, *_]:
            return "many"
        case _:
            return "not a sequence"

for v in ["ab", [], (), [1], (1, 2), range(5), {1: 2}, 7, b"xy"]:
    print(repr(v), shape(v))
