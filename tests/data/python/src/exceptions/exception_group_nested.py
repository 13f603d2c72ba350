def task(n):
    if n % 2:
        raise ValueError(f"odd {n}")
    return n

errors = []
for n in range(4):
    try:
        task(n)
    except ValueError as e:
        errors.append(e)
inner = ExceptionGroup("inner", [TypeError("t")])
eg = ExceptionGroup("batch failed", errors + [inner])
print(repr(eg), len(eg.exceptions))
match, rest = eg.split(ValueError)
print(repr(match), repr(rest))
raise eg
