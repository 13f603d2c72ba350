pick = lambda a, b, a: a
print(pick(1, 2, 3))
