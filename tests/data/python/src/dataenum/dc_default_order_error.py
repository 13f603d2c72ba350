from dataclasses import dataclass, field

try:
    @dataclass
    class User:
        name: str = "anon"
        email: str
except TypeError as e:
    print("TypeError:", e)


@dataclass
class Base:
    id: int = 0


try:
    @dataclass
    class Child(Base):
        label: str
except TypeError as e:
    print("TypeError:", e)


@dataclass
class Fixed(Base):
    label: str = ""


print(Fixed(label="x"))
