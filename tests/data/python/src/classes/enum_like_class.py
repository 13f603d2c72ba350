class Color:
    _members = {}
    def __init__(self, name, value):
        self.name, self.value = name, value
        Color._members[name] = self
    def __repr__(self):
        return f"<Color.{self.name}: {self.value}>"
    @classmethod
    def from_value(cls, v):
        for m in cls._members.values():
            if m.value == v:
                return m
        raise ValueError(f"{v!r} is not a valid Color")

RED = Color("RED", 1)
GREEN = Color("GREEN", 2)
print(RED, Color.from_value(2), list(Color._members))
print(Color.from_value(3))
