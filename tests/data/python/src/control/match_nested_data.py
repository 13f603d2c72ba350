def evaluate(expr):
    match expr:
        case ("num", value):
            return value
        case ("add", left, right):
            return evaluate(left) + evaluate(right)
        case ("mul", left, right):
            return evaluate(left) * evaluate(right)
        case ("neg", inner):
            return -evaluate(inner)
        case _:
            raise ValueError(f"bad expression {expr!r}")

tree = ("add", ("num", 2), ("mul", ("num", 3), ("neg", ("num", 4))))
print(evaluate(tree))
print(evaluate(("num", 42)))
evaluate(("div", ("num", 1), ("num", 2)))
