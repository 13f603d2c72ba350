import random

for seed in ["hello", b"hello", "user-42", 0, -5, 2**80]:
    random.seed(seed)
    print(repr(seed), random.randrange(1000), round(random.random(), 6))
