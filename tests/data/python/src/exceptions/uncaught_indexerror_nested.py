matrix = [[1, 2], [3, 4]]
def cell(r, c):
    return matrix[r][c]
def row_sum(r):
    return sum(cell(r, c) for c in range(3))
print(row_sum(0))
