class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __eq__(self, other):
        if not isinstance(other, Point):
            return NotImplemented
        return (self.x, self.y) == (other.x, other.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __repr__(self):
        return f"Point({self.x}, {self.y})"

a, b, c = Point(1, 2), Point(1, 2), Point(2, 1)
print(a == b, a is b, a == c, a != c, a == (1, 2))
print(len({a, b, c}), a in [c, b])
d = {a: "first"}
d[b] = "second"
print(d)
class NoHash:
    def __eq__(self, other):
        return True
print(NoHash() == 5, NoHash.__hash__)
{NoHash()}
