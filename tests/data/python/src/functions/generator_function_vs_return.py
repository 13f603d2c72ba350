def maybe_gen(flag):
    if flag:
        return "returned"
    yield "yielded"

g = maybe_gen(True)
print(type(g).__name__, list(g))
print(list(maybe_gen(False)))
def regular(flag):
    return "returned" if flag else None
print(regular(True))
