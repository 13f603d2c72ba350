import heapq

log_a = [(1, "a: start"), (4, "a: step"), (9, "a: done")]
log_b = [(2, "b: start"), (4, "b: step"), (5, "b: done")]
for ts, msg in heapq.merge(log_a, log_b):
    print(ts, msg)
print(list(heapq.merge([1, 3, 5], [2, 4, 6], [0, 7])))
print(list(heapq.merge(["apple", "fig"], ["kiwi", "banana"], key=len)))
print(list(heapq.merge([9, 5, 1], [8, 2], reverse=True)))
print(list(heapq.merge()), list(heapq.merge([], [1])))
m = heapq.merge([1, 2], [1, 3])
print(next(m), next(m), list(m))
