x = 1
def f():
    nonlocal y
    y = 2
