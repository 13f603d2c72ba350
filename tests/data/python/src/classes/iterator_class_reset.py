class Range2:
    def __init__(self, start, stop, step=1):
        self.start, self.stop, self.step = start, stop, step
    def __iter__(self):
        return Range2Iter(self)
    def __len__(self):
        return max(0, (self.stop - self.start + self.step - 1) // self.step)

class Range2Iter:
    def __init__(self, r):
        self.cur, self.r = r.start, r
    def __iter__(self):
        return self
    def __next__(self):
        if self.cur >= self.r.stop:
            raise StopIteration
        v = self.cur
        self.cur += self.r.step
        return v

r = Range2(0, 10, 3)
print(list(r), list(r), len(r), sum(r))
it = iter(r)
print(next(it), next(it), list(it))
