class Money:
    def __init__(self, cents):
        self.cents = cents
    def __add__(self, other):
        if isinstance(other, Money):
            return Money(self.cents + other.cents)
        if other == 0:
            return self
        return NotImplemented
    __radd__ = __add__
    def __repr__(self):
        return f"${self.cents // 100}.{self.cents % 100:02d}"

wallet = [Money(150), Money(275), Money(5)]
print(sum(wallet), wallet[0] + wallet[1], 0 + Money(1))
print(Money(1) + 2)
