from abc import ABC, ABCMeta, abstractmethod

class Drawable(ABC):
    @abstractmethod
    def draw(self): ...

class Legacy:
    def draw(self):
        return "legacy drawing"

print(isinstance(Legacy(), Drawable), issubclass(Legacy, Drawable))
Drawable.register(Legacy)
print(isinstance(Legacy(), Drawable), issubclass(Legacy, Drawable))

@Drawable.register
class Sprite:
    pass
print(Sprite.__name__, isinstance(Sprite(), Drawable))

class Circle(Drawable):
    def draw(self):
        return "circle"
print(isinstance(Circle(), Drawable), Circle().draw(), type(Drawable) is ABCMeta)
print(Drawable.register(Circle) is Circle)
for bad in (5, "Legacy"):
    try:
        Drawable.register(bad)
    except TypeError as e:
        print("TypeError:", e)
try:
    Circle.register(Drawable)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    issubclass(Legacy(), Drawable)
except TypeError as e:
    print("TypeError:", e)
print(isinstance(3, (int, Drawable)), isinstance(3, (Drawable, str)))
