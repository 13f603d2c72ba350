class Managed:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, et, ev, tb):
        print("exit", self.name, et.__name__ if et else None)
        return False

with Managed("a"), Managed("b"):
    print("body")
with Managed("outer"):
    with Managed("inner"):
        raise ValueError("inside inner")
