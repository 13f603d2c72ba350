from collections import abc, OrderedDict, deque, defaultdict

samples = [[1], (1,), "s", b"b", {1: 2}, {1}, frozenset(), range(3), 5, None, len,
           iter([1]), (x for x in []), {}.keys(), deque(), OrderedDict()]
checks = [abc.Iterable, abc.Iterator, abc.Sized, abc.Container, abc.Hashable, abc.Callable,
          abc.Sequence, abc.MutableSequence, abc.Mapping, abc.MutableMapping, abc.Set,
          abc.MutableSet, abc.Generator, abc.Collection, abc.Reversible]
print(" ".join(c.__name__[:6] for c in checks))
for s in samples:
    row = "".join("Y" if isinstance(s, c) else "." for c in checks)
    print(f"{row}  {type(s).__name__}")
print(issubclass(defaultdict, abc.MutableMapping), issubclass(list, abc.Hashable))
