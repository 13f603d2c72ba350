from dataclasses import dataclass


@dataclass
class Point:
    x: int
    y: int = 0


p = Point(1, 2)
print(p)
print(Point(5))
print(p == Point(1, 2), p == Point(2, 1), p != Point(1, 3))
print(p.x + p.y)
p.x = 10
print(p, repr(p))
print(Point.__init__.__qualname__, Point.__repr__.__qualname__)
print(Point.__match_args__)
print(Point.__doc__)
