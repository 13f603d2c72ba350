import math

class Money:
    def __init__(self, cents):
        self.cents = cents
    def __float__(self):
        return self.cents / 100
    def __floor__(self):
        return Money(self.cents // 100 * 100)
    def __repr__(self):
        return f"Money({self.cents})"

class Count:
    def __index__(self):
        return 6

m = Money(1999)
print(math.floor(m), math.sqrt(Money(400)), math.ceil(m))
print(math.factorial(Count()), math.gcd(Count(), 4), math.isqrt(Count()))
print(math.trunc(7.9), math.floor(-7.9))
