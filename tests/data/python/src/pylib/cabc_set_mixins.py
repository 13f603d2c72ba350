from collections.abc import Set, MutableSet

class ListSet(Set):
    def __init__(self, items=()):
        self.items = []
        for x in items:
            if x not in self.items:
                self.items.append(x)
    def __contains__(self, x): return x in self.items
    def __iter__(self): return iter(self.items)
    def __len__(self): return len(self.items)
    def __repr__(self): return f"ListSet({self.items})"

a = ListSet([1, 2, 3, 2])
b = ListSet([3, 4])
print(a, a & b, a | b, a - b, a ^ b)
print(a <= ListSet([1, 2, 3, 4]), a < a, a == ListSet([3, 2, 1]), a.isdisjoint([7]))
print(a & {2, 3}, a == {1, 2, 3})

class Tags(MutableSet):
    def __init__(self): self._s = []
    def __contains__(self, x): return x in self._s
    def __iter__(self): return iter(self._s)
    def __len__(self): return len(self._s)
    def add(self, x):
        if x not in self._s: self._s.append(x)
    def discard(self, x):
        if x in self._s: self._s.remove(x)

t = Tags()
t |= ["py", "rs", "py"]
t.add("go")
t -= ["rs"]
print(list(t), t.pop(), list(t))
try:
    t.remove("zz")
except KeyError as e:
    print("KeyError:", e)
