class Outer:
    class Inner:
        def method(self):
            pass

print(Outer, Outer.Inner, Outer.Inner.__qualname__, Outer.__module__)
print(type(Outer()).__name__, type(Outer.Inner()).__qualname__)
print(Outer.Inner.method.__qualname__)
print(int, str, type, type(int), object)
print(repr(len), repr(print))
