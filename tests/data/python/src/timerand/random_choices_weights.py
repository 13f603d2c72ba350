import random

random.seed(11)
colors = ["red", "green", "blue"]
print(random.choices(colors, k=8))
print(random.choices(colors, weights=[10, 1, 1], k=8))
print(random.choices(colors, cum_weights=[1, 2, 10], k=8))
picked = random.choices(range(5), [0, 0, 1, 0, 0], k=3)
print(picked)
