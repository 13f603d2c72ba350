def f(a, b):
    return a - b

print(f(b=1, a=5))
print(f(5, a=1))
