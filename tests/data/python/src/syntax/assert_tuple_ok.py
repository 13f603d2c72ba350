x = 1
assert x == 1, "x must be one"
print("ok" if x is not None else "none")
