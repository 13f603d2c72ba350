__all__ = ["add", "mul", "PI"]
PI = 3.14
hidden = "not exported"

def add(a, b):
    return a + b

def mul(a, b):
    return a * b

def _private():
    return "secret"
