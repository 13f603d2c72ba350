class EmptyStackError(Exception):
    pass

class Stack:
    def __init__(self):
        self._items = []
    def push(self, x):
        self._items.append(x)
        return self
    def pop(self):
        if not self._items:
            raise EmptyStackError("pop from empty stack")
        return self._items.pop()
    def peek(self):
        return self._items[-1] if self._items else None
    def __len__(self):
        return len(self._items)
    def __bool__(self):
        return bool(self._items)

s = Stack().push(1).push(2).push(3)
print(len(s), s.peek(), s.pop(), s.pop(), bool(s), s.pop(), bool(s))
s.pop()
