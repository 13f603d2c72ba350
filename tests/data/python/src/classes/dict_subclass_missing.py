class DefaultDict(dict):
    def __init__(self, factory):
        super().__init__()
        self.factory = factory
    def __missing__(self, key):
        self[key] = value = self.factory()
        return value

groups = DefaultDict(list)
for word in "apple avocado banana blueberry cherry".split():
    groups[word[0]].append(word)
print(groups)
counts = DefaultDict(int)
for ch in "hello world":
    counts[ch] += 1
print(dict(sorted(counts.items())))
print(groups.get("z"), "z" in groups)
