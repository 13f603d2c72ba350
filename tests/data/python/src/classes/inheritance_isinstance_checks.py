class Vehicle:
    wheels = 0
    def describe(self):
        return f"{type(self).__name__} with {self.wheels} wheels"
class Car(Vehicle):
    wheels = 4
class Bike(Vehicle):
    wheels = 2
class Trike(Bike):
    wheels = 3

fleet = [Car(), Bike(), Trike(), Vehicle()]
for v in fleet:
    print(v.describe(), isinstance(v, Bike), type(v) is Bike)
print([c.__name__ for c in Trike.__mro__], Trike.__bases__, Vehicle.__subclasses__())
print(issubclass(Trike, (Car, Bike)), issubclass(Car, object))
