from dataclasses import make_dataclass, field, fields, asdict

Point3 = make_dataclass("Point3", [("x", int), ("y", int), ("z", int, field(default=0))])
p = Point3(1, 2)
print(p, asdict(p))
print(Point3.__name__, Point3.__module__)
Rec = make_dataclass("Rec", ["a", "b"], frozen=True, order=True)
print(sorted([Rec(2, 1), Rec(1, 5), Rec(1, 2)]))
print([f.type for f in fields(Rec)])
Svc = make_dataclass("Svc", [("name", str)], namespace={"greet": lambda self: "hi " + self.name})
print(Svc("db").greet())
try:
    make_dataclass("Bad", ["a", "a"])
except TypeError as e:
    print(e)
try:
    make_dataclass("Bad", ["class"])
except TypeError as e:
    print(e)
