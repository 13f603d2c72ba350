class Bag:
    def __init__(self, *items):
        self.items = list(items)
    def __len__(self):
        return len(self.items)

class AlwaysTrue:
    def __len__(self):
        return 0
    def __bool__(self):
        return True

print(bool(Bag()), bool(Bag(1)), len(Bag(1, 2)), bool(AlwaysTrue()))
if not Bag():
    print("empty bag is falsy")
class BadLen:
    def __len__(self):
        return -1
len(BadLen())
