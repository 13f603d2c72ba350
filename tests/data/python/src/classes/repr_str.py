class Money:
    def __init__(self, amount, currency="USD"):
        self.amount = amount
        self.currency = currency
    def __repr__(self):
        return f"Money({self.amount!r}, {self.currency!r})"
    def __str__(self):
        return f"{self.amount:.2f} {self.currency}"

m = Money(12.5)
print(m)
print(repr(m), str(m), [m], {"price": m})
print(f"{m} / {m!r}")
class OnlyRepr:
    def __repr__(self):
        return "<OnlyRepr>"
print(OnlyRepr(), str(OnlyRepr()))
