data = [3, 9, -2, 7, 0]
print(min(data), max(data), sum(data), sum(data, 100))
print(any(x < 0 for x in data), all(x < 10 for x in data), any([]), all([]))
words = ["kiwi", "banana", "fig", "cherry"]
print(max(words, key=len), min(words, key=len), max(words))
print(max([], default="none"), min((), default=0))
print(max(1, 2, 3), min("b", "a"), max((1, "z"), (1, "a")))
print(sum(x * x for x in range(10)), sum(range(101)))
print(max(data, key=lambda x: -abs(x - 4)))
max([])
