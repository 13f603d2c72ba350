table = [["b", 3, 1.5], ["a", 3, 2.5], ["c", 1, 0.5], ["a", 1, 9.0]]
table.sort()
print(table)
table.sort(key=lambda r: (r[1], -r[2]))
print(table)
print(sorted(table, key=lambda r: r[2])[0])
print([r[0] for r in sorted(table, key=lambda r: r[0] * r[1])])
