counter = 0

def bump(v):
    global counter
    match v:
        case int(counter):
            pass
    return counter

print(bump(5), counter)

def outer():
    captured = None
    def inner(v):
        nonlocal captured
        match v:
            case [captured, *_]:
                return "set"
        return "unchanged"
    print(inner([9, 8]), captured)
    print(inner("no"), captured)
    fns = []
    for pair in [(1, 2), (3, 4)]:
        match pair:
            case (a, b):
                fns.append(lambda: a * b)
    print([f() for f in fns])

outer()

class Config:
    match {"debug": True}:
        case {"debug": debug}:
            pass
print(Config.debug)
print([y for x in [(1, 2), (3,)] for y in [x] if len(y) == 2])
