from contextlib import contextmanager

@contextmanager
def opened(name):
    print("opening", name)
    yield name
    print("closing", name)

def load(name):
    with opened(name) as f:
        data = {"cfg": 1}
        return data[f]

print(load("cfg"))
print(load("missing"))
