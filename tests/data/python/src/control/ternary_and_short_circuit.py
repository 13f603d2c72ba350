def noisy(name, value):
    print("eval", name)
    return value

print(noisy("a", 0) and noisy("b", 1))
print(noisy("c", 1) and noisy("d", 2))
print(noisy("e", 0) or noisy("f", 0) or noisy("g", "last"))
print(noisy("h", "x") if noisy("cond", False) else noisy("i", "y"))
print(1 < noisy("mid", 5) < 3)
