x = 3
else:
    print(x)
