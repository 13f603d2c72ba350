import random

def estimate_pi(n, seed):
    rng = random.Random(seed)
    inside = 0
    for _ in range(n):
        x, y = rng.random(), rng.random()
        if x * x + y * y <= 1.0:
            inside += 1
    return 4 * inside / n

for n in (100, 1000, 5000):
    print(n, estimate_pi(n, seed=n))
