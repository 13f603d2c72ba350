def g():
    x = yield
    print("got", x)
    yield x * 2

gen = g()
try:
    gen.send(5)
except TypeError as e:
    print("TypeError:", e)
next(gen)
print(gen.send(5))
gen2 = g()
gen2.send("early")
