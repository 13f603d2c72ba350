from dataclasses import dataclass, field
from enum import Flag, auto


class Role(Flag):
    VIEWER = auto()
    EDITOR = auto()
    ADMIN = auto()


@dataclass(frozen=True)
class User:
    name: str
    roles: Role = Role(0)

    def can(self, role):
        return role in self.roles


users = [User("ann", Role.ADMIN | Role.EDITOR), User("bob", Role.VIEWER), User("cy")]
for u in users:
    print(u.name, repr(u.roles), u.can(Role.EDITOR))
print(User("ann", Role.ADMIN | Role.EDITOR) in set(users))
try:
    users[0].can("admin")
except TypeError as e:
    print("TypeError:", e)
