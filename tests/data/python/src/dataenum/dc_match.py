from dataclasses import dataclass


@dataclass
class Circle:
    radius: float


@dataclass
class Rect:
    width: float
    height: float


def area(shape):
    match shape:
        case Circle(r):
            return round(3.14159 * r * r, 2)
        case Rect(w, h) if w == h:
            return f"square {w * h}"
        case Rect(width=w, height=h):
            return w * h
        case _:
            return None


for s in [Circle(1), Rect(2, 3), Rect(4, 4), "other"]:
    print(s, "->", area(s))
print(Rect.__match_args__)
