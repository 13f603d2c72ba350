class RecordingDict(dict):
    def __init__(self):
        super().__init__()
        self.order = []

    def __setitem__(self, key, value):
        if not key.startswith("__"):
            if key in self:
                raise TypeError(f"duplicate attribute {key!r}")
            self.order.append(key)
        super().__setitem__(key, value)


class Ordered(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kwargs):
        print("prepare", name, kwargs)
        return RecordingDict()

    def __new__(mcs, name, bases, ns, **kwargs):
        cls = super().__new__(mcs, name, bases, dict(ns))
        cls.field_order = ns.order
        return cls


class Form(metaclass=Ordered, tag="x"):
    name = "text"
    age = "int"
    total = name + "/" + age

    def validate(self):
        return True


print(Form.field_order, Form.total)
try:
    class Bad(metaclass=Ordered):
        a = 1
        a = 2
except TypeError as e:
    print("TypeError:", e)
