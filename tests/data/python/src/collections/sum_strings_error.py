parts = ["a", "b", "c"]
print("".join(parts))
print(sum([[1], [2, 3]], []))
print(sum(parts, ""))
