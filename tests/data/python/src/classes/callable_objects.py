class Multiplier:
    def __init__(self, k):
        self.k = k
        self.calls = 0
    def __call__(self, x):
        self.calls += 1
        return x * self.k

triple = Multiplier(3)
print(triple(5), triple("ab"), list(map(triple, [1, 2])), triple.calls)
print(callable(triple), callable(Multiplier))
class Validator:
    def __init__(self, *rules):
        self.rules = rules
    def __call__(self, value):
        return [name for name, rule in self.rules if not rule(value)]
check = Validator(("positive", lambda v: v > 0), ("even", lambda v: v % 2 == 0))
for v in [4, -2, 3, -1]:
    print(v, check(v) or "ok")
