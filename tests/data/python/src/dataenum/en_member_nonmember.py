from enum import Enum, member, nonmember


class Op(Enum):
    ADD = 1
    SUB = 2
    LIMIT = nonmember(10)
    _cache = {}

    @member
    def custom(a, b):
        return a * b


print(list(Op.__members__))
print(Op.LIMIT, Op._cache)
print(Op.custom.value(3, 4))
print(len(Op))
