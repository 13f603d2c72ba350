def winner(board):
    lines = [board[i] for i in range(3)]
    lines += [[board[r][c] for r in range(3)] for c in range(3)]
    lines += [[board[i][i] for i in range(3)], [board[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] != "." and line.count(line[0]) == 3:
            return line[0]
    if all(cell != "." for row in board for cell in row):
        return "draw"
    return None

boards = [
    ["XOX", "OXO", "OOX"],
    ["XXO", "OOX", "XOX"],
    ["OOO", "X.X", "..X"],
    ["X..", ".O.", "..."],
]
for b in boards:
    print(b, "->", winner([list(r) for r in b]))
