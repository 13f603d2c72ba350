names = ["bob", "Alice", "carol", "dave", "Eve", "alice"]
print(sorted(names))
print(sorted(names, key=str.lower))
print(sorted(names, key=lambda s: (len(s), s)))
print(sorted(names, reverse=True))
print(max(names), min(names, key=len))
print("apple" < "apples" < "b", "10" < "9", 10 < 9)
