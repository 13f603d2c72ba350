records = [("x", 2), ("y", 1), ("z", 2), ("w", 1), ("v", 3)]
by_num = sorted(records, key=lambda r: r[1])
print(by_num)
by_num_desc = sorted(records, key=lambda r: r[1], reverse=True)
print(by_num_desc)
two_pass = sorted(sorted(records, key=lambda r: r[0]), key=lambda r: r[1])
print(two_pass)
