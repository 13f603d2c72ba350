from enum import Enum, IntEnum

Animal = Enum("Animal", "ANT BEE CAT DOG")
print(list(Animal), Animal.CAT.value)
print(Animal.__name__, Animal.__module__)
Color = Enum("Color", [("RED", "r"), ("GREEN", "g")])
print(Color("g"), repr(Color.RED))
Level = IntEnum("Level", "LOW, MID, HIGH", start=0)
print([(m.name, int(m)) for m in Level])
Sizes = Enum("Sizes", {"S": 1, "M": 2, "L": 3})
print(Sizes(3), len(Sizes))
