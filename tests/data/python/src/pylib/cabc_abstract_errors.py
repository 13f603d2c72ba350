from collections.abc import Mapping, MutableSequence, Iterator

class Half(Mapping):
    def __getitem__(self, k):
        return k

for cls in (Mapping, MutableSequence, Iterator, Half):
    try:
        cls()
    except TypeError as e:
        print(e)

class Countdown(Iterator):
    def __init__(self, n):
        self.n = n
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1

print(list(Countdown(3)), iter(Countdown(1)).__class__.__name__)
Half()
