flags = 0b1021
print(flags)
