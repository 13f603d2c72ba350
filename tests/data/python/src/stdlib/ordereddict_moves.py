from collections import namedtuple, deque, Counter, defaultdict, OrderedDict, ChainMap
for ch in 'hello': di[ch] += 1
print(di)
od = OrderedDict(a=1, b=2, c=3)
od.move_to_end('a'); print(od, list(od))
