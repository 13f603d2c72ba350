grid = [
    "....#",
    "..#..",
    "#....",
]
found = None
for r, row in enumerate(grid):
    for c, ch in enumerate(row):
        if ch == "#" and r > 0:
            found = (r, c)
            break
    if found:
        break
print("first wall below top row:", found)
count = sum(row.count("#") for row in grid)
print("walls:", count)
for r in range(len(grid)):
    print("".join("X" if grid[r][c] == "#" else str((r + c) % 10) for c in range(len(grid[r]))))
