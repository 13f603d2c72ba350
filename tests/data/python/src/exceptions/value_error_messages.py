tests = [
    lambda: int("x1"),
    lambda: float("one"),
    lambda: [1, 2].index(3),
    lambda: "abc".index("z"),
    lambda: int("5", 1),
    lambda: "a,b".split(""),
    lambda: chr(-1),
    lambda: range(0, 5, 0),
    lambda: "{} {}".format(1),
    lambda: "%d" % "x",
    lambda: dict([(1, 2, 3)]),
    lambda: bytes([300]),
]
for t in tests:
    try:
        t()
    except Exception as e:
        print(type(e).__name__ + ":", e)
