import random

random.seed(31)
print([random.randrange(0, 100, 5) for _ in range(8)])
print([random.randrange(10, 0, -2) for _ in range(8)])
print([random.randrange(-50, 50) for _ in range(8)])
print([random.randrange(10**30) % 1000 for _ in range(3)])
print(random.randrange(1, 2))
