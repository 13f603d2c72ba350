import abc

class Storage(abc.ABC):
    @abc.abstractmethod
    def read(self, key): ...

    @abc.abstractmethod
    def write(self, key, value): ...

    @property
    @abc.abstractmethod
    def name(self): ...

class Partial(Storage):
    def read(self, key):
        return None

class Full(Partial):
    name = "full"
    def write(self, key, value):
        print("write", key, value)

for cls in (Storage, Partial, Full):
    try:
        obj = cls()
        print("made", type(obj).__name__, obj.name)
    except TypeError as e:
        print(e)
Full().write("k", 1)
Partial()
