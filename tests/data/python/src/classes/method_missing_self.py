class Greeter:
    def greet():
        return "hi"

print(Greeter.greet())
g = Greeter()
print(g.greet())
