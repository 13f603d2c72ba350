from contextlib import closing, nullcontext, AbstractContextManager

class Page:
    def __init__(self, url):
        self.url = url
    def read(self):
        return f"<html>{self.url}</html>"
    def close(self):
        print("closed", self.url)

with closing(Page("example.com")) as page:
    print(page.read())

def process(path, lock=None):
    with lock if lock is not None else nullcontext() as held:
        print("processing", path, "with", held)

process("a.txt")
with nullcontext(5) as five:
    print(five)

class Timer(AbstractContextManager):
    def __exit__(self, *exc):
        print("timer stopped")
        return None

with Timer() as t:
    print(type(t).__name__, isinstance(t, AbstractContextManager))

class Duck:
    def __enter__(self): return self
    def __exit__(self, *a): pass
print(issubclass(Duck, AbstractContextManager), issubclass(int, AbstractContextManager))
