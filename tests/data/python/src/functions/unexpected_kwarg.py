class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

p = Point(1, y=2)
print(p.x, p.y)
q = Point(1, 2, z=3)
