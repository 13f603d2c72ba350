x = "global"
def outer():
    x = "enclosing"
    def middle():
        def inner():
            return x
        return inner()
    return middle()
print(outer())
def builder():
    items = []
    def add(v):
        items.append(v)
        return len(items)
    def get():
        return list(items)
    return add, get
add, get = builder()
add("a"); add("b")
print(get())
print([name for name in dir() if not name.startswith("_")])
