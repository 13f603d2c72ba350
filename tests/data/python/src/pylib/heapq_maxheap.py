import heapq

h = [5, 1, 8, 3, 9, 2]
heapq.heapify_max(h)
print(h)
heapq.heappush_max(h, 7)
print(h)
print(heapq.heappop_max(h), h)
print(heapq.heappushpop_max(h, 4), h)
print(heapq.heapreplace_max(h, 0), h)
print([heapq.heappop_max(h) for _ in range(len(h))])
