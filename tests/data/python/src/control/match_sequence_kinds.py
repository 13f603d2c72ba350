class FakeSeq:
    def __len__(self):
        return 2
    def __getitem__(self, i):
        if i < 2:
            return i
        raise IndexError(i)

class MyList(list):
    pass

class MyTuple(tuple):
    pass

my_list = MyList()
my_list.extend([1, 2])

def seq(v):
    match v:
        case [a, b]:
            return f"pair {a!r} {b!r}"
        case [*items]:
            return f"{len(items)} items"
        case _:
            return "not a sequence"

def gen():
    yield 1
    yield 2

for v in ["ab", b"ab", {"a": 1, "b": 2}, {1, 2}, FakeSeq(), gen(), my_list, MyTuple((1, 2, 3)), range(2), range(0, 10, 3)]:
    print(type(v).__name__, seq(v))
