cases = [
    lambda: [1, 2, 3][3],
    lambda: (1,)[-2],
    lambda: "ab"[5],
    lambda: {"a": 1}["b"],
    lambda: {1: "x"}[2],
    lambda: {(1, 2): 0}[(3, 4)],
    lambda: [][0],
    lambda: range(3)[3],
]
for c in cases:
    try:
        c()
    except LookupError as e:
        print(type(e).__name__, repr(e), str(e))
