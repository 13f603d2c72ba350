def check(n):
    print("checking", n)
    return n > 2

print(any(check(n) for n in [1, 3, 5]))
print(all(check(n) for n in [3, 1, 5]))
print(any([check(n) for n in [1, 3]]))
print(all([]), any([]), all([0]), any([0, "", None]))
