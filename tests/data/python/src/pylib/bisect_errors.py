import bisect

for call in [
    lambda: bisect.bisect_left([1, 2, 3], 2, -1),
    lambda: bisect.bisect_right([1, 2, 3], 2, 0, 10),
    lambda: bisect.bisect(5, 1),
    lambda: bisect.insort((1, 2), 3),
    lambda: bisect.bisect([1, "a"], 2),
    lambda: bisect.bisect([1, 2], 1, "x"),
]:
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__, e)
print(bisect.bisect_left([1, 2, 3], 2, 0, -5))
