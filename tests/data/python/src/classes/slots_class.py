class Pixel:
    __slots__ = ("x", "y", "color")
    def __init__(self, x, y, color="black"):
        self.x, self.y, self.color = x, y, color
    def __repr__(self):
        return f"Pixel({self.x}, {self.y}, {self.color!r})"

p = Pixel(1, 2)
p.color = "red"
print(p, hasattr(p, "__dict__"), Pixel.__slots__)
try:
    p.alpha = 0.5
except AttributeError as e:
    print("AttributeError:", e)
q = Pixel(0, 0)
del q.color
print(q.x, hasattr(q, "color"))
print(q.color)
