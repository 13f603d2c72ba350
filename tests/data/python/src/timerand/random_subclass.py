import random

class Fixed(random.Random):
    def random(self):
        return 0.25

f = Fixed()
print(f.random(), f.randrange(100), f.choice("abcd"), f.uniform(0, 8))

class Counter(random.Random):
    def __init__(self, seed):
        super().__init__(seed)
        self.calls = 0
    def getrandbits(self, k):
        self.calls += 1
        return super().getrandbits(k)

c = Counter(1)
print([c.randrange(10) for _ in range(5)], c.calls >= 5)
print(isinstance(c, random.Random))
