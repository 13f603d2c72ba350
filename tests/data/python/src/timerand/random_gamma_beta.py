import random

random.seed(8)
print(random.gammavariate(0.5, 1.0))
print(random.gammavariate(1.0, 2.0))
print(random.gammavariate(4.5, 0.5))
print(random.betavariate(2, 5))
print(random.betavariate(0.5, 0.5))
xs = [random.gammavariate(2.0, 1.0) for _ in range(500)]
print(round(sum(xs) / len(xs), 4))
