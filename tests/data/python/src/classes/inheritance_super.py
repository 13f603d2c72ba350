class Animal:
    sound = "..."
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f"{self.name} says {self.sound}"

class Dog(Animal):
    sound = "woof"
    def __init__(self, name, tricks=()):
        super().__init__(name)
        self.tricks = list(tricks)
    def speak(self):
        base = super().speak()
        return base + (f" and knows {', '.join(self.tricks)}" if self.tricks else "")

class Puppy(Dog):
    sound = "yip"

for a in [Animal("generic"), Dog("rex", ["sit", "roll"]), Puppy("bit")]:
    print(a.speak())
print(Puppy.__mro__)
print(isinstance(Puppy("p"), Animal), issubclass(Dog, Puppy))
