import random

random.seed(42)
print(random.random())
print(random.random())
print([random.randint(1, 6) for _ in range(10)])
random.seed(42)
print(random.random())
