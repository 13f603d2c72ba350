def check(cond, msg=None):
    try:
        if msg is None:
            assert cond
        else:
            assert cond, msg
    except AssertionError as e:
        return f"failed: {e!r}"
    return "passed"

print(check(1 == 1), check([], "empty list"), check(0), check(None, {"k": 1}))
items = [1, 2, 3]
assert len(items) == 3, "length"
assert sum(items) == 7, f"sum was {sum(items)}"
