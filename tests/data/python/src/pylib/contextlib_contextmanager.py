from contextlib import contextmanager

@contextmanager
def step(name):
    print(f"enter {name}")
    try:
        yield name.upper()
    except ValueError as e:
        print(f"{name} handled: {e}")
    finally:
        print(f"exit {name}")

with step("build") as tag:
    print("inside", tag)

with step("test"):
    raise ValueError("flaky test")
print("after test")

try:
    with step("deploy"):
        raise KeyError("region")
except KeyError as e:
    print("caught outside:", e)

@step("decorated")
def work(x):
    print("working on", x)
    return x * 2
print(work(21))
print(work.__name__)
