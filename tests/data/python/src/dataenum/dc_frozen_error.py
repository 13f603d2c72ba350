from dataclasses import dataclass, FrozenInstanceError


@dataclass(frozen=True)
class Token:
    kind: str
    text: str


t = Token("NAME", "foo")
try:
    t.kind = "NUM"
except FrozenInstanceError as e:
    print("error:", e)
    print(isinstance(e, AttributeError), type(e).__module__)
try:
    del t.text
except AttributeError as e:
    print("error:", e)
t.kind = "OP"
