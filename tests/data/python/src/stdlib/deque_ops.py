from collections import namedtuple, deque, Counter, defaultdict, OrderedDict, ChainMap
d = deque([1, 2, 3], maxlen=3)
d.append(4); d.appendleft(0)
print(d, d[0], d[-1], len(d), list(reversed(d)))
d.rotate(1); print(d)
