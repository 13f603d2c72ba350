a = {1, 2, 3, 4}
b = {3, 4, 5}
print(a | b, a & b, a - b, a ^ b)
print(a.union([9]), a.intersection(b, {4}), a.issubset({1, 2, 3, 4, 5}), {1}.isdisjoint(b))
a.add(10); a.discard(1); a.discard(99)
print(sorted(a))
a.remove(2)
print(sorted(a), len(a), 3 in a)
fs = frozenset([3, 1, 2])
print(sorted(fs), fs | {4} == {1, 2, 3, 4})
words = ["pear", "apple", "pear", "fig", "apple"]
print(sorted(set(words)), len(set(words)))
print(set(), {0}, set([2, 1, 2]))
a.remove(42)
