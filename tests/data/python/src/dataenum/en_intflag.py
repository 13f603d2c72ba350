from enum import IntFlag


class Mode(IntFlag):
    R = 4
    W = 2
    X = 1


m = Mode.R | Mode.X
print(m, repr(m), int(m), m == 5)
print(Mode.R | 8, repr(Mode.R | 8), repr(Mode(9)))
print(Mode.W + 1, oct(Mode.R | Mode.W | Mode.X))
print(format(Mode.W), f"{m:b}", isinstance(m, int))
print(repr(Mode(0)), list(Mode(7)))
mask = 0
for name in "RW":
    mask |= Mode[name]
print(repr(mask), Mode.X in mask)
