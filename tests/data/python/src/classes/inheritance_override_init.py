class Base:
    def __init__(self, name):
        self.name = name
        print("Base.__init__", name)

class NoSuper(Base):
    def __init__(self, name, extra):
        self.extra = extra

class WithSuper(Base):
    def __init__(self, name, extra):
        super().__init__(name)
        self.extra = extra

w = WithSuper("w", 1)
print(w.name, w.extra)
n = NoSuper("n", 2)
print(n.extra)
print(n.name)
