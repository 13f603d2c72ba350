from contextlib import contextmanager

@contextmanager
def no_yield():
    if False:
        yield

@contextmanager
def two_yields():
    yield 1
    yield 2

@contextmanager
def swallow():
    try:
        yield
    except Exception:
        pass

for cm in (no_yield, two_yields):
    try:
        with cm():
            pass
    except RuntimeError as e:
        print("RuntimeError:", e)

with swallow():
    raise OSError("disk full")
print("swallowed")

@contextmanager
def transaction(log):
    log.append("begin")
    try:
        yield
        log.append("commit")
    except Exception as e:
        log.append(f"rollback ({e})")
        raise

log = []
try:
    with transaction(log):
        raise ValueError("constraint violated")
except ValueError:
    pass
with transaction(log):
    pass
print(log)
