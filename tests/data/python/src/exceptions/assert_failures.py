def mean(xs):
    assert xs, "mean of empty list"
    return sum(xs) / len(xs)

print(mean([1, 2, 3]))
try:
    mean([])
except AssertionError as e:
    print("AssertionError:", e)
x = 5
assert x > 0
assert x < 3
