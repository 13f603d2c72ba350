data = [4, 2, 0, 1]
inverse = lambda x: 1 / x
print([inverse(d) for d in data])
