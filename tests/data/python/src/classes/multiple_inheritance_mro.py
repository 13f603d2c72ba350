class Base:
    def hello(self):
        return ["Base"]
class Left(Base):
    def hello(self):
        return ["Left"] + super().hello()
class Right(Base):
    def hello(self):
        return ["Right"] + super().hello()
class Child(Left, Right):
    def hello(self):
        return ["Child"] + super().hello()

print(Child().hello())
print([c.__name__ for c in Child.__mro__])
class LoggerMixin:
    def log(self, msg):
        return f"[{type(self).__name__}] {msg}"
class Service(LoggerMixin, Base):
    pass
print(Service().log("started"), Service().hello())
