values = [3, 1, 2]
values.sort()
print(values)
mixed = [3, "1", 2]
mixed.sort()
