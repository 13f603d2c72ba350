class Report:
    def __init__(self, values):
        self.values = values
        self._stats = None
        self.computations = 0
    @property
    def stats(self):
        if self._stats is None:
            self.computations += 1
            n = len(self.values)
            mean = sum(self.values) / n
            self._stats = {"n": n, "mean": mean, "max": max(self.values)}
        return self._stats
    def add(self, v):
        self.values.append(v)
        self._stats = None

r = Report([3, 5, 7])
print(r.stats, r.stats["mean"], r.computations)
r.add(9)
print(r.stats, r.computations)
