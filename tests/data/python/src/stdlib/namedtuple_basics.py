from collections import namedtuple, deque, Counter, defaultdict, OrderedDict, ChainMap
import functools, itertools, operator
P = namedtuple('P', 'x y')
p = P(1, y=2)
print(p, p.x, p[1], p._asdict(), p._replace(x=5), P._fields, type(p))
Q = namedtuple('Q', ['a', 'b', 'c'], defaults=[0])
print(Q(1, 2), Q._field_defaults)
try:
    P(1)
except TypeError as e:
    print(e)
x, y = p
print(x + y, isinstance(p, tuple), len(p))
