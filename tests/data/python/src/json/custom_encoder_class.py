import json

class Money:
    def __init__(self, amount, currency):
        self.amount = amount
        self.currency = currency

class AppEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, Money):
            return {"amount": o.amount, "currency": o.currency}
        if isinstance(o, (set, frozenset)):
            return sorted(o)
        return super().default(o)

order = {"id": 7, "total": Money(12.5, "EUR"), "flags": frozenset(["paid", "new"])}
print(json.dumps(order, cls=AppEncoder))
print(AppEncoder(indent=2, sort_keys=True).encode(order))
try:
    json.dumps({"when": range(3)}, cls=AppEncoder)
except TypeError as e:
    print(e)
