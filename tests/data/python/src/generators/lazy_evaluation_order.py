def noisy(name, values):
    for v in values:
        print(f"{name} yields {v}")
        yield v

doubled = (x * 2 for x in noisy("src", [1, 2, 3]))
print("created")
for d in doubled:
    print("consumer got", d)
pairs = zip(noisy("a", [1, 2, 3]), noisy("b", [10, 20]))
print(list(pairs))
