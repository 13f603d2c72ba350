from dataclasses import dataclass, field, InitVar, fields


@dataclass
class Account:
    owner: str
    balance: float = 0.0
    password: InitVar[str] = None
    hashed: str = field(init=False, default="")

    def __post_init__(self, password):
        if password is not None:
            self.hashed = "*" * len(password)


a = Account("ann", 10.5, "secret")
print(a)
print([f.name for f in fields(a)])
print(Account("bob"))
print(Account.__dataclass_fields__["password"]._field_type)
