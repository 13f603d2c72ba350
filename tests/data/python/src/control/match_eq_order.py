class Loud:
    def __init__(self, name):
        self.name = name
    def __repr__(self):
        return f"Loud({self.name})"
    def __eq__(self, other):
        print(f"{self.name}.__eq__({other!r})")
        return isinstance(other, int) and other == 3

class Box:
    TARGET = Loud("target")

for subject in [Loud("subject"), 3, 4]:
    match subject:
        case 1 | 2:
            print("small")
        case Box.TARGET:
            print("matched target")
        case _:
            print("no match")
