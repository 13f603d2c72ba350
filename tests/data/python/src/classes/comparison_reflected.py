class Meters:
    def __init__(self, v):
        self.v = v
    def __eq__(self, other):
        print(f"Meters.__eq__({self.v}, {other!r})")
        if isinstance(other, Meters):
            return self.v == other.v
        if isinstance(other, (int, float)):
            return self.v == other
        return NotImplemented
    def __lt__(self, other):
        return self.v < (other.v if isinstance(other, Meters) else other)
    def __repr__(self):
        return f"{self.v}m"

print(Meters(3) == 3, 3 == Meters(3), Meters(2) == "2")
print(Meters(1) < 2, 2 > Meters(1), sorted([Meters(5), Meters(2)]))
print(2 < Meters(5))
