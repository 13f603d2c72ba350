import abc

class Meta(abc.ABCMeta):
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        cls.created_by = mcls.__name__
        return cls

class Base(metaclass=Meta):
    @abc.abstractmethod
    def go(self): ...

class Impl(Base):
    def go(self):
        return "going"

print(type(Base).__name__, Impl.created_by, Impl().go(), isinstance(Impl(), Base))
try:
    Base()
except TypeError as e:
    print(e)

class Shape(abc.ABC):
    @classmethod
    @abc.abstractmethod
    def unit(cls): ...
    @staticmethod
    @abc.abstractmethod
    def sides(): ...
    def __init__(self, size):
        self.size = size

class Square(Shape):
    @classmethod
    def unit(cls):
        return cls(1)
    @staticmethod
    def sides():
        return 4

print(sorted(Shape.__abstractmethods__), Square.unit().size, Square.sides())
try:
    Shape(3)
except TypeError as e:
    print(e)
