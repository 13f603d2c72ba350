import copy
from collections import OrderedDict, Counter, defaultdict, deque, namedtuple

class Tags(list):
    def append(self, item):
        super().append(item.lower())

class Registry(dict):
    pass

t = Tags(["A"])
t.owner = "me"
t2 = copy.deepcopy(t)
print(t2, type(t2).__name__, t2.owner)
r = Registry(a=[1])
r.version = 2
r2 = copy.copy(r)
print(r2, r2["a"] is r["a"], r2.version)

od = OrderedDict([("b", 1), ("a", [2])])
print(copy.deepcopy(od), copy.copy(Counter("hello")))
dd = defaultdict(list, {"k": [1]})
dd2 = copy.deepcopy(dd)
dd2["k"].append(2)
dd2["new"].append(0)
print(dict(dd), dict(dd2))
print(copy.deepcopy(deque([1, [2]], maxlen=5)))
P = namedtuple("P", "x y")
print(copy.deepcopy(P(1, [2])), copy.replace(P(1, 2), y=9))
print(copy.deepcopy({1, 2, 3}), copy.copy(frozenset({4})))
