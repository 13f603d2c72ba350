import shapes
from shapes import area_of
from shapes.circle import Circle
print(shapes.VERSION, area_of(Circle(2)))
print(shapes.square.Square(3).area())
print(sorted(n for n in dir(shapes) if not n.startswith("_")))
