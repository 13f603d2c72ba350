xs = list(range(10))
xs[::2] = ["e"] * 5
print(xs)
xs[1:4] = []
print(xs)
xs[:0] = ["start"]
xs[len(xs):] = ["end"]
print(xs)
try:
    xs[::2] = [1, 2]
except ValueError as e:
    print("ValueError:", e)
