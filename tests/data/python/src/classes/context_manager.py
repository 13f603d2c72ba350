class Section:
    depth = 0
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("  " * Section.depth + f"begin {self.name}")
        Section.depth += 1
        return self
    def __exit__(self, exc_type, exc, tb):
        Section.depth -= 1
        status = "error: " + repr(exc) if exc_type else "ok"
        print("  " * Section.depth + f"end {self.name} ({status})")
        return exc_type is KeyError

with Section("outer") as s:
    print("name is", s.name)
    with Section("inner"):
        print("    working")
with Section("suppressing"):
    raise KeyError("swallowed")
print("continued")
with Section("failing"):
    raise ValueError("not swallowed")
