import random

a = random.Random(1)
b = random.Random(1)
c = random.Random(2)
xa = [a.randrange(100) for _ in range(5)]
xb = [b.randrange(100) for _ in range(5)]
xc = [c.randrange(100) for _ in range(5)]
print(xa, xb, xc)
print(xa == xb, xa == xc)
random.seed(1)
print([random.randrange(100) for _ in range(5)] == xa)
