def gen():
    yield 1
    raise StopIteration("inside generator")

try:
    print(list(gen()))
except RuntimeError as e:
    print("RuntimeError:", e, "| cause:", repr(e.__cause__))
for x in gen():
    print(x)
