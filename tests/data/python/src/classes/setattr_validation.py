class Strict:
    allowed = {"name", "age"}
    def __setattr__(self, key, value):
        if key not in self.allowed:
            raise AttributeError(f"cannot set {key!r}")
        if key == "age" and not isinstance(value, int):
            raise TypeError("age must be an int")
        super().__setattr__(key, value)

s = Strict()
s.name = "x"
s.age = 3
print(vars(s))
for k, v in [("age", "old"), ("email", "e@x")]:
    try:
        setattr(s, k, v)
    except (AttributeError, TypeError) as e:
        print(type(e).__name__, e)
print(getattr(s, "name"), getattr(s, "email", None))
delattr(s, "name")
print(vars(s))
s.name
