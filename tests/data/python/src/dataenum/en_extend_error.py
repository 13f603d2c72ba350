from enum import Enum


class Base(Enum):
    A = 1


try:
    class More(Base):
        B = 2
except TypeError as e:
    print("TypeError:", e)


class Mixin:
    def describe(self):
        return f"{self.name}!"


class WithMethods(Enum):
    def shout(self):
        return self.name.upper()


class Real(Mixin, WithMethods):
    x = 1
    y = 2


print(Real.x.shout(), Real.y.describe(), list(Real))
