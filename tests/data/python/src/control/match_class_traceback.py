class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y

def norm1(v):
    match v:
        case Vec(x=x, y=y):
            return abs(x) + abs(y)

def broken(v):
    match v:
        case Vec(a, b):
            return a + b

print(norm1(Vec(3, -4)))
print(broken(Vec(1, 2)))
