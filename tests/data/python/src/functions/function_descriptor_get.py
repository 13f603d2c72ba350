# A function is a descriptor: __get__ binds it the way attribute lookup does.
class Greeter:
    def __init__(self, name):
        self.name = name

    def hello(self, punct="!"):
        return f"hello {self.name}{punct}"


raw = Greeter.__dict__["hello"]
g = Greeter("ada")
bound = raw.__get__(g, Greeter)
print(bound())
print(bound("?"))
print(bound.__self__ is g, bound.__func__ is raw)
print(raw.__get__(None, Greeter) is raw)
print(hasattr(raw, "__get__"), hasattr(len, "__get__"))


def shout(self):
    return self.name.upper()


# Attaching a plain function to one instance by hand.
g.shout = shout.__get__(g)
print(g.shout())

for args in [(), (g, Greeter, 3), (None, None)]:
    try:
        raw.__get__(*args)
    except TypeError as e:
        print("TypeError:", e)
try:
    raw.__get__(g, owner=Greeter)
except TypeError as e:
    print("TypeError:", e)
