from dataclasses import dataclass


@dataclass(slots=True)
class Vec:
    x: float
    y: float = 0.0

    def norm2(self):
        return self.x * self.x + self.y * self.y


v = Vec(3.0, 4.0)
print(v, v.norm2(), Vec.__slots__)
print(hasattr(v, "__dict__"))
try:
    v.z = 1.0
except AttributeError as e:
    print("AttributeError:", e)
