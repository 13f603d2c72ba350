tests = [
    lambda: 1 + "a",
    lambda: "a" * "b",
    lambda: [1] - [1],
    lambda: len(5),
    lambda: None + 1,
    lambda: {} < {},
    lambda: int([1]),
    lambda: "x".join([1, 2]),
    lambda: sum(["a", "b"]),
    lambda: (1, 2)[0:1:0],
    lambda: abs("x"),
    lambda: iter(5),
    lambda: 3(),
    lambda: "abc"[1.5],
    lambda: {[]: 1},
]
for t in tests:
    try:
        t()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
