import copy

class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"Point({self.x}, {self.y})"

class Polygon:
    def __init__(self, points, name):
        self.points = points
        self.name = name
    def __repr__(self):
        return f"Polygon({self.name!r}, {self.points})"

poly = Polygon([Point(0, 0), Point(1, 0), Point(0, 1)], "tri")
s = copy.copy(poly)
d = copy.deepcopy(poly)
poly.points[0].x = 99
poly.name = "renamed"
print(poly)
print(s)
print(d)
print(s.points is poly.points, d.points[1] is poly.points[1], type(d).__name__)

class Slotted:
    __slots__ = ("a", "b")
obj = Slotted()
obj.a = [1]
c = copy.deepcopy(obj)
c.a.append(2)
print(obj.a, c.a, hasattr(c, "b"))
