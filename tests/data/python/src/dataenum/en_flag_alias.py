from enum import Flag, auto


class Access(Flag):
    READ = auto()
    WRITE = auto()
    EXECUTE = auto()
    RW = READ | WRITE
    ALL = READ | WRITE | EXECUTE


print(list(Access), list(Access.__members__))
print(repr(Access.READ | Access.WRITE), repr(Access.ALL))
print(Access.RW in Access.ALL, Access.EXECUTE in Access.RW)
print([m.name for m in Access.ALL])
print(Access.READ.value, Access.EXECUTE.value)


def describe(a):
    return "+".join(m.name.lower() for m in a) or "none"


for a in (Access.RW, Access.EXECUTE, Access(0), Access.ALL):
    print(describe(a))
