from collections.abc import Sequence, MutableSequence

class Span(Sequence):
    def __init__(self, start, stop):
        self.start, self.stop = start, stop
    def __getitem__(self, i):
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self.start + i
    def __len__(self):
        return self.stop - self.start

s = Span(3, 8)
print(list(s), 5 in s, 9 in s, list(reversed(s)), s.index(6), s.count(4))
try:
    s.index(100)
except ValueError as e:
    print("ValueError", repr(e))

class Stack(MutableSequence):
    def __init__(self):
        self._items = []
    def __getitem__(self, i): return self._items[i]
    def __setitem__(self, i, v): self._items[i] = v
    def __delitem__(self, i): del self._items[i]
    def __len__(self): return len(self._items)
    def insert(self, i, v): self._items.insert(i, v)

st = Stack()
st.append(1)
st.extend([2, 3, 4])
st += [5]
print(list(st), st.pop(), st.pop(0), list(st))
st.reverse()
st.remove(3)
print(list(st), isinstance(st, Sequence))
st.clear()
print(len(st))
