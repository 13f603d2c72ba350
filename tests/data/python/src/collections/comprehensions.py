nums = range(1, 11)
squares = [n * n for n in nums]
evens = [n for n in nums if n % 2 == 0]
pairs = [(a, b) for a in range(3) for b in range(3) if a != b]
print(squares, evens, pairs, sep="\n")
print({n: n ** 3 for n in range(5)})
print(sorted({n % 4 for n in nums}))
matrix = [[r * 3 + c for c in range(3)] for r in range(3)]
print(matrix)
print([row[i] for i, row in enumerate(matrix)])
print([[row[i] for row in matrix] for i in range(3)])
print(["even" if n % 2 == 0 else "odd" for n in range(4)])
flat = [x for row in matrix for x in row if x % 2]
print(flat)
