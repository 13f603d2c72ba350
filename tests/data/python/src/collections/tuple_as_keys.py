grid = {}
for x in range(3):
    for y in range(3):
        grid[(x, y)] = x * 3 + y
print(grid[(1, 2)], grid.get((5, 5), "off-grid"))
neighbors = [(1 + dx, 1 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
print(sum(grid[p] for p in neighbors))
print(sorted(grid)[:4])
d = {[1, 2]: "list key"}
