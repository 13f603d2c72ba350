def guarded(items):
    for it in items:
        try:
            yield 10 / it
        except ZeroDivisionError:
            yield "inf"

print(list(guarded([1, 2, 0, 4])))
def gen_with_finally():
    try:
        yield "a"
        yield "b"
    finally:
        print("gen finally")
for v in gen_with_finally():
    print(v)
