class Point:
    __match_args__ = ("x", "y")
    def __init__(self, x, y):
        self.x, self.y = x, y

class Circle:
    def __init__(self, center, r):
        self.center, self.r = center, r

def where(shape):
    match shape:
        case Point(0, 0):
            return "origin"
        case Point(x=0, y=y):
            return f"on y axis at {y}"
        case Point(x, 0):
            return f"on x axis at {x}"
        case Circle(center=Point(x, y), r=r) if r > 10:
            return f"big circle at {x},{y}"
        case Circle(r=r):
            return f"circle r={r}"
        case int() | float() as n:
            return f"number {n}"
        case str(s):
            return f"string {s}"
        case _:
            return "unknown"

for s in [Point(0, 0), Point(0, 5), Point(7, 0), Point(1, 1), Circle(Point(1, 2), 20), Circle(Point(0, 0), 1), 3, 2.5, "hi"]:
    print(where(s))
