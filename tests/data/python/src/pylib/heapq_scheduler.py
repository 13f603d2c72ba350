import heapq
import itertools

class Scheduler:
    def __init__(self):
        self._queue = []
        self._counter = itertools.count()

    def add(self, when, name):
        heapq.heappush(self._queue, (when, next(self._counter), name))

    def run(self):
        order = []
        while self._queue:
            when, _, name = heapq.heappop(self._queue)
            order.append(f"t={when}:{name}")
        return order

s = Scheduler()
for when, name in [(5, "backup"), (1, "boot"), (5, "report"), (3, "sync"), (1, "login")]:
    s.add(when, name)
print(s.run())

def k_closest(points, k):
    return heapq.nsmallest(k, points, key=lambda p: p[0] ** 2 + p[1] ** 2)
print(k_closest([(3, 3), (1, 1), (-2, 0), (5, -1), (0, 1)], 3))
