class Countdown:
    def __init__(self, start):
        self.current = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1

print(list(Countdown(4)))
c = Countdown(2)
print(next(c), next(c), next(c, "end"))
class Repeat:
    def __init__(self, v, n):
        self.v, self.n = v, n
    def __iter__(self):
        for _ in range(self.n):
            yield self.v
r = Repeat("x", 3)
print(list(r), list(r), "".join(r))
