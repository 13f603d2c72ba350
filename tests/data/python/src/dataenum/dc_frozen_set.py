from dataclasses import dataclass


@dataclass(frozen=True)
class Coord:
    row: int
    col: int


seen = {Coord(0, 0), Coord(0, 1), Coord(0, 0)}
print(len(seen))
print(sorted(seen, key=lambda c: (c.row, c.col)))
grid = {Coord(r, c): r * 3 + c for r in range(2) for c in range(3)}
print(grid[Coord(1, 2)])
print(hash(Coord(1, 2)) == hash((1, 2)))
print(Coord(1, 2) in seen, Coord(0, 1) in seen)
