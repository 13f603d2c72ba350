from .ops import OPS

def evaluate(expr):
    a, op, b = expr.split()
    return OPS[op](int(a), int(b))
