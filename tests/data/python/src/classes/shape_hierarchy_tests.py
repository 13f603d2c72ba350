class Shape:
    name = "shape"
    def area(self):
        return 0
    def perimeter(self):
        return 0
    def __repr__(self):
        return f"{self.name}(area={self.area():.2f}, perimeter={self.perimeter():.2f})"

class Rectangle(Shape):
    name = "rectangle"
    def __init__(self, w, h):
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h
    def perimeter(self):
        return 2 * (self.w + self.h)

class Square(Rectangle):
    name = "square"
    def __init__(self, s):
        super().__init__(s, s)

class Triangle(Shape):
    name = "triangle"
    def __init__(self, a, b, c):
        if a + b <= c or a + c <= b or b + c <= a:
            raise ValueError(f"invalid triangle sides {a}, {b}, {c}")
        self.sides = (a, b, c)
    def perimeter(self):
        return sum(self.sides)
    def area(self):
        s = self.perimeter() / 2
        a, b, c = self.sides
        return (s * (s - a) * (s - b) * (s - c)) ** 0.5

shapes = [Rectangle(2, 3), Square(4), Triangle(3, 4, 5)]
for s in sorted(shapes, key=lambda s: s.area()):
    print(s)
assert Square(2).area() == 4
assert isinstance(Square(1), Rectangle)
print("total area", sum(s.area() for s in shapes))
Triangle(1, 2, 10)
