def stats(values):
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / n
    return min(values), max(values), mean, var

lo, hi, mean, var = stats([2, 4, 4, 4, 5, 5, 7, 9])
print(lo, hi, mean, var, var ** 0.5)
result = stats([1, 2])
print(result, type(result).__name__)
def nothing():
    return
print(nothing(), (lambda: None)())
