class Plain:
    pass

a, b = Plain(), Plain()
print(a == a, a == b, a != b, a is a)
class WithEq:
    def __init__(self, v):
        self.v = v
    def __eq__(self, other):
        return isinstance(other, WithEq) and self.v == other.v
print(WithEq(1) == WithEq(1), WithEq(1) != WithEq(2), WithEq(1) == 1)
print(WithEq(1) in [WithEq(0), WithEq(1)], [WithEq(2)].index(WithEq(2)))
print(Plain() < Plain())
