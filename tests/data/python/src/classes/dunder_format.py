class Celsius:
    def __init__(self, deg):
        self.deg = deg
    def __format__(self, spec):
        if spec.endswith("F"):
            return format(self.deg * 9 / 5 + 32, spec[:-1] or ".1f") + "°F"
        return format(self.deg, spec or ".1f") + "°C"

t = Celsius(21.5)
print(f"{t}", f"{t:.3f}", f"{t:F}", f"{t:.0F}", format(t, "6.2f"))
print("{:F}".format(t))
