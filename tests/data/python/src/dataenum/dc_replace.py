from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0

    def bump_minor(self):
        return replace(self, minor=self.minor + 1, patch=0)


v = Version(1, 4, 2)
print(v.bump_minor())
print(replace(v, patch=9), v)
try:
    replace(v, build=3)
except TypeError as e:
    print("TypeError:", e)
try:
    replace((1, 2), major=2)
except TypeError as e:
    print("TypeError:", e)


@dataclass
class Node:
    name: str
    count: int = field(init=False, default=0)


try:
    replace(Node("a"), count=3)
except TypeError as e:
    print("TypeError:", e)
print(replace(Node("a"), name="b"))
