def echo():
    received = []
    while True:
        x = yield len(received)
        if x == "stop":
            return received
        received.append(x)

e = echo()
print(next(e))
print(e.send("a"), e.send("b"))
try:
    e.send("stop")
except StopIteration as s:
    print("final", s.value)
