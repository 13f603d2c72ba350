total = 0
def add(n):
    global total
    total += n
    return total

add(5); add(7)
print(total)
def outer():
    x = "outer"
    def inner():
        nonlocal x
        x = "changed by inner"
    inner()
    return x
print(outer())
def shadow():
    total = "local"
    return total
print(shadow(), total)
