import random

tests = [
    lambda: random.randrange(0),
    lambda: random.randrange(5, 2),
    lambda: random.randrange(1, 10, 0),
    lambda: random.randrange(1.5),
    lambda: random.randint(3, 1),
    lambda: random.choice([]),
    lambda: random.sample({1, 2, 3}, 2),
    lambda: random.sample([1, 2], 3),
    lambda: random.choices([1, 2], [1]),
    lambda: random.choices([1, 2], [0, 0]),
    lambda: random.choices([1, 2], 3),
    lambda: random.choices([1, 2], [1, 1], cum_weights=[1, 2]),
    lambda: random.gammavariate(-1, 1),
    lambda: random.seed([1, 2]),
]
for t in tests:
    try:
        t()
    except Exception as e:
        print(type(e).__name__ + ":", e)
