import math

tests = [
    lambda: math.sin("1"),
    lambda: math.floor(None),
    lambda: math.log([]),
    lambda: math.sqrt(),
    lambda: math.sqrt(1, 2),
    lambda: math.pow(2),
    lambda: math.trunc("3.5"),
    lambda: math.hypot(3, "4"),
    lambda: math.log(1, 1),
    lambda: math.log(0),
    lambda: math.log(-2.5),
    lambda: math.log1p(-1),
]
for t in tests:
    try:
        t()
    except Exception as e:
        print(type(e).__name__ + ":", e)
