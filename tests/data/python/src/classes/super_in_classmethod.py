class Base:
    @classmethod
    def create(cls, *args):
        print("Base.create for", cls.__name__)
        return cls(*args)
    def __init__(self, v):
        self.v = v

class Child(Base):
    @classmethod
    def create(cls, *args):
        print("Child.create")
        obj = super().create(*args)
        obj.extra = True
        return obj

c = Child.create(5)
print(type(c).__name__, c.v, c.extra)
