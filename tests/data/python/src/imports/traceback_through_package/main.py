from calc.engine import evaluate
print(evaluate("1 + 2"))
print(evaluate("4 / 0"))
