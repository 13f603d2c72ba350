class Counter:
    instances = 0
    registry = []
    def __init__(self, name):
        Counter.instances += 1
        self.name = name
        self.registry.append(name)

a = Counter("a")
b = Counter("b")
print(Counter.instances, a.instances, Counter.registry)
a.instances = 99
print(a.instances, b.instances, Counter.instances)
print(vars(a), "instances" in vars(b))
print(Counter.__name__, sorted(k for k in vars(Counter) if not k.startswith("__")))
