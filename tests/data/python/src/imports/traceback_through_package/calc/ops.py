def div(a, b):
    return a / b

OPS = {"+": lambda a, b: a + b, "/": div}
