from collections import namedtuple, deque, Counter, defaultdict, OrderedDict, ChainMap
print(c, c.most_common(2), c['z'], sorted(c.elements())[:4])
print(Counter(a=3) + Counter(a=1, b=2), c.total())
dd = defaultdict(list)
dd['k'].append(1); dd['j'].append(2)
print(dd, dict(dd), len(dd))
di = defaultdict(int)
