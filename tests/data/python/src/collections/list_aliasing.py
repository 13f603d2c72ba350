a = [1, 2, 3]
b = a
c = a[:]
b.append(4)
print(a, b, c, a is b, a is c, a == c + [4])
grid = [[0] * 3] * 3
grid[0][0] = 1
print(grid)
grid = [[0] * 3 for _ in range(3)]
grid[0][0] = 1
print(grid)
def add(item, bucket=[]):
    bucket.append(item)
    return bucket
print(add(1), add(2))
