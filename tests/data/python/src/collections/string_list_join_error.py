ids = [101, 102, 103]
print(", ".join(str(i) for i in ids))
print(", ".join(ids))
