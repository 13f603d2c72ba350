callbacks = {}
for name in ["alpha", "beta", "gamma"]:
    callbacks[name] = lambda name=name: name.upper()
print({k: f() for k, f in callbacks.items()})
adders = []
for i in range(3):
    def adder(x, i=i):
        return x + i
    adders.append(adder)
print([a(10) for a in adders])
