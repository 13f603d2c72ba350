def matmul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]

def transpose(m):
    return [list(r) for r in zip(*m)]

a = [[1, 2], [3, 4]]
b = [[5, 6], [7, 8]]
print(matmul(a, b))
print(transpose([[1, 2, 3], [4, 5, 6]]))
ident = [[int(i == j) for j in range(3)] for i in range(3)]
print(ident)
m = [[2, 0, 1], [1, 3, 2], [1, 1, 1]]
print(matmul(m, ident) == m)
for row in matmul(m, m):
    print(" ".join(f"{v:3}" for v in row))
