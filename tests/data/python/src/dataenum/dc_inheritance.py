from dataclasses import dataclass, field, fields


@dataclass
class Animal:
    name: str
    sound: str = "..."
    legs: int = 4


@dataclass
class Bird(Animal):
    legs: int = 2
    can_fly: bool = True


@dataclass
class Penguin(Bird):
    can_fly: bool = False
    sound: str = "squawk"


print(Animal("generic"))
print(Bird("robin", "tweet"))
print(Penguin("pingu"))
print([f.name for f in fields(Penguin)])
print(Penguin("p") == Bird("p", "squawk", 2, False))
print(isinstance(Penguin("x"), Animal))
