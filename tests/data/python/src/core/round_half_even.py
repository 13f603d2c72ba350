for x in [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, 2.675, 1.005]:
    print(x, round(x), round(x, 2))
print(round(1234.5678, -2), round(1250, -2), round(1350, -2))
print(round(7), type(round(7.6)), round(7.6, 0))
