from enum import Enum


class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)
    JUPITER = (1.9e+27, 7.1492e7)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        G = 6.673e-11
        return G * self.mass / (self.radius * self.radius)

    def describe(self):
        return f"{self.name.title()}: {self.surface_gravity:.2f}"

    @classmethod
    def heaviest(cls):
        return max(cls, key=lambda p: p.mass)


for p in Planet:
    print(p.describe())
print(Planet.heaviest(), Planet.EARTH.value)
print(Planet((5.976e+24, 6.37814e6)))
