class Matrix:
    def __init__(self, rows):
        self.rows = [list(r) for r in rows]
    @property
    def shape(self):
        return len(self.rows), len(self.rows[0])
    def __add__(self, other):
        if self.shape != other.shape:
            raise ValueError(f"shape mismatch {self.shape} vs {other.shape}")
        return Matrix([[a + b for a, b in zip(r1, r2)] for r1, r2 in zip(self.rows, other.rows)])
    def __mul__(self, other):
        if isinstance(other, (int, float)):
            return Matrix([[v * other for v in r] for r in self.rows])
        cols = list(zip(*other.rows))
        return Matrix([[sum(a * b for a, b in zip(r, c)) for c in cols] for r in self.rows])
    def __eq__(self, other):
        return self.rows == other.rows
    def __repr__(self):
        return "Matrix(" + repr(self.rows) + ")"
    def __str__(self):
        return "\n".join(" ".join(f"{v:4}" for v in r) for r in self.rows)

a = Matrix([[1, 2], [3, 4]])
b = Matrix([[0, 1], [1, 0]])
print(a + b)
print(a * b)
print(repr(a * 2), a.shape, a * b == Matrix([[2, 1], [4, 3]]))
a + Matrix([[1, 2, 3]])
