import random
from collections import Counter

rng = random.Random(7)
rolls = [rng.randint(1, 6) + rng.randint(1, 6) for _ in range(1000)]
counts = Counter(rolls)
for total in range(2, 13):
    bar = "#" * (counts[total] // 5)
    print(f"{total:2d} {counts[total]:4d} {bar}")
print("mean:", round(sum(rolls) / len(rolls), 3))
