from ..prices import PRICES

def total(items):
    return sum(PRICES[name] * qty for name, qty in items)
