def ratio(a, b):
    return a / b

print(ratio(4, 2))
print(ratio(1, 0))
