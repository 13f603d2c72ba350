matrix = [[1, 2, 3], [4, -5, 6], [7, 8, -9]]
found = False
for i, row in enumerate(matrix):
    for j, v in enumerate(row):
        if v < 0:
            print("first negative at", (i, j), v)
            found = True
            break
    if found:
        break
negatives = [(i, j) for i, row in enumerate(matrix) for j, v in enumerate(row) if v < 0]
print(negatives)
