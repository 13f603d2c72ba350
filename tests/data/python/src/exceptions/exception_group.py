def run_all(tasks):
    errors = []
    for name, fn in tasks:
        try:
            fn()
        except Exception as e:
            errors.append(e)
    if errors:
        raise ExceptionGroup("some tasks failed", errors)

tasks = [("a", lambda: 1), ("b", lambda: 1 / 0), ("c", lambda: int("x"))]
try:
    run_all(tasks)
except* ZeroDivisionError as eg:
    print("zero:", [str(e) for e in eg.exceptions])
except* ValueError as eg:
    print("value:", [str(e) for e in eg.exceptions])
run_all(tasks)
