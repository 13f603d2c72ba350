xs = ["a", "b", "c", "d"]
print(xs[-1], xs[-4], xs[len(xs) - 1])
print(xs[-2:], xs[:-2], xs[-100:100])
xs[-1] = "z"
print(xs)
print(xs[-5])
