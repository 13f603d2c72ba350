def square(x):
    return x * x

print(square(3))
print(square(3, 4))
