from collections import namedtuple, deque, Counter, defaultdict, OrderedDict, ChainMap
od.move_to_end('c', last=False); print(od)
print(od.popitem(), od.popitem(last=False), od)
