from enum import Flag, auto


class Perm(Flag):
    R = 4
    W = 2
    X = 1


rw = Perm.R | Perm.W
print(rw, repr(rw))
print(Perm.R in rw, Perm.X in rw)
print(list(rw), len(rw))
print(repr(Perm(7)), repr(Perm(0)), bool(Perm(0)))
print(repr(~Perm.R), repr(rw & Perm.W), repr(rw ^ Perm.R))
print(Perm.R.value, rw.value, rw.name)
print(list(Perm))
try:
    Perm(8)
except ValueError as e:
    print("ValueError:", e)
