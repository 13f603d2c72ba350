class Circle:
    def __init__(self, r):
        self._r = r
    @property
    def radius(self):
        return self._r
    @property
    def diameter(self):
        return self._r * 2

c = Circle(3)
print(c.radius, c.diameter)
c.radius = 10
