import random

random.seed(99)
print(random.sample(range(100), 5))
print(random.sample(range(1_000_000), 5))
print(sorted(random.sample(["a", "b", "c", "d", "e", "f", "g"], 3)))
print(random.sample("abcdefghij", 10))
print(random.sample(["x", "y"], k=4, counts=[3, 2]))
