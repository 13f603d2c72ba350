import copy

def gen():
    yield 1

for thing in [gen(), copy]:
    try:
        copy.deepcopy(thing)
    except TypeError as e:
        print("TypeError:", e)
try:
    copy.replace([1, 2], x=1)
except TypeError as e:
    print("TypeError:", e)
print(copy.copy(len) is len, copy.deepcopy(print) is print)
print(copy.Error is copy.error, issubclass(copy.Error, Exception))

class Frozen:
    def __init__(self, v):
        self.v = v
    def __replace__(self, **changes):
        new = Frozen(self.v)
        for k, val in changes.items():
            setattr(new, k, val)
        return new

f2 = copy.replace(Frozen(1), v=2)
print(f2.v)
