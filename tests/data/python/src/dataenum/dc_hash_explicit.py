from dataclasses import dataclass


@dataclass
class User:
    id: int
    name: str

    def __hash__(self):
        return hash(self.id)


users = {User(1, "a"), User(1, "a"), User(2, "b")}
print(len(users))
print(sorted(u.name for u in users))

try:
    @dataclass(unsafe_hash=True)
    class Bad:
        x: int

        def __hash__(self):
            return 0
except TypeError as e:
    print("TypeError:", e)
