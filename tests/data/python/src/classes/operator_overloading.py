class Vec:
    def __init__(self, *c):
        self.c = c
    def __add__(self, o):
        return Vec(*(a + b for a, b in zip(self.c, o.c)))
    def __sub__(self, o):
        return Vec(*(a - b for a, b in zip(self.c, o.c)))
    def __mul__(self, k):
        return Vec(*(a * k for a in self.c))
    __rmul__ = __mul__
    def __neg__(self):
        return self * -1
    def __abs__(self):
        return sum(a * a for a in self.c) ** 0.5
    def __matmul__(self, o):
        return sum(a * b for a, b in zip(self.c, o.c))
    def __repr__(self):
        return f"Vec{self.c}"
    def __bool__(self):
        return any(self.c)

v, w = Vec(1, 2), Vec(3, 4)
print(v + w, w - v, v * 3, 3 * v, -v, abs(w), v @ w)
print(bool(Vec(0, 0)), bool(v))
v += w
print(v)
print(v + 1)
