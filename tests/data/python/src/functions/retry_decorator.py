def retry(times):
    def deco(fn):
        def wrapper(*a, **k):
            last = None
            for attempt in range(1, times + 1):
                try:
                    return fn(*a, **k)
                except ValueError as e:
                    last = e
                    print(f"attempt {attempt} failed: {e}")
            raise RuntimeError(f"gave up after {times} attempts") from last
        return wrapper
    return deco

calls = {"n": 0}
@retry(3)
def flaky():
    calls["n"] += 1
    if calls["n"] < 3:
        raise ValueError(f"not yet ({calls['n']})")
    return "success"

print(flaky())
@retry(2)
def always_fails():
    raise ValueError("nope")
always_fails()
