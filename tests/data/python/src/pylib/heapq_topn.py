import heapq

scores = {"ann": 91, "bob": 78, "cid": 91, "dee": 65, "eve": 88, "fay": 78}
print(heapq.nlargest(3, scores, key=scores.get))
print(heapq.nsmallest(2, scores.items(), key=lambda kv: kv[1]))
print(heapq.nlargest(1, [3, 1, 3]), heapq.nsmallest(1, []), heapq.nlargest(0, [1]))
print(heapq.nlargest(10, [5, 2, 8]), heapq.nsmallest(-1, [1, 2]))
words = "the quick brown fox jumps over the lazy dog".split()
print(heapq.nsmallest(3, words, key=len), heapq.nlargest(3, words, key=len))
print(heapq.nlargest(2, iter([4, 9, 1, 9])))
