from abc import ABC, abstractmethod

class Closeable(ABC):
    @abstractmethod
    def close(self): ...

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Closeable:
            if any("close" in B.__dict__ for B in C.__mro__):
                return True
        return NotImplemented

class File:
    def close(self):
        pass

class Socket(File):
    pass

class Number:
    pass

print(issubclass(File, Closeable), issubclass(Socket, Closeable), issubclass(Number, Closeable))
print(isinstance(Socket(), Closeable), isinstance(Number(), Closeable))

class Strict(Closeable):
    def close(self):
        return "closed"
print(issubclass(Strict, Closeable), Strict().close())
