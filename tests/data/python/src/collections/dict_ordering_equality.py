a = {"x": 1, "y": 2}
b = {"y": 2, "x": 1}
print(a == b, list(a) == list(b), a.items() == b.items())
print(list(a.items()), list(b.items()))
c = dict(a)
c["x"] = 1
print(list(c), c == a)
del c["x"]
c["x"] = 1
print(list(c), c == a)
print({1: "a", True: "b", 1.0: "c"})
