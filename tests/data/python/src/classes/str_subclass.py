class Tag(str):
    def __new__(cls, value):
        return super().__new__(cls, value.strip().lower())
    def wrap(self):
        return f"<{self}>"

t = Tag("  HTML ")
print(t, repr(t), len(t), t.wrap(), t.upper(), type(t.upper()).__name__)
print(t == "html", isinstance(t, str), t + "5")
class Count(int):
    def __repr__(self):
        return f"Count({int(self)})"
c = Count(5)
print(c, repr(c), c + 1, repr(c * 2), [c])
