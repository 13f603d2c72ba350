from collections import namedtuple, deque, Counter, defaultdict, OrderedDict, ChainMap
q = deque(); q.append('a'); q.append('b'); print(q.popleft(), q)
c = Counter('abracadabra')
