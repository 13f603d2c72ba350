import os

class Location(os.PathLike):
    def __init__(self, *parts):
        self.parts = parts
    def __fspath__(self):
        return os.path.join(*self.parts)

class Plain:
    def __fspath__(self):
        return "plain.txt"

loc = Location("store", "items.txt")
os.makedirs("store")
with open(os.fspath(loc), "w") as f:
    f.write("apple\n")
print(os.fspath(loc), os.fspath("s"), os.fspath(b"b"))
print(os.path.exists(loc), os.path.getsize(loc), os.stat(loc).st_size)
print(isinstance(loc, os.PathLike), isinstance("x", os.PathLike))
print(os.path.join(Location("a"), "b"), os.path.basename(loc))
try:
    os.fspath(3)
except TypeError as e:
    print(e)
print(os.fsencode("naïve.txt"), os.fsdecode(b"caf\xc3\xa9"))
os.remove(Plain())
