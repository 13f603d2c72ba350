def gen():
    yield 1
    yield 2

g = gen()
print(g.gi_running, g.gi_frame is not None)
print(next(g))
print(list(g), g.gi_frame)
print(next(g, "exhausted"))
