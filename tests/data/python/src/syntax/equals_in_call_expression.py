print(x + 1 = 2)
