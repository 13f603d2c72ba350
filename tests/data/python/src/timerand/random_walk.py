import random

random.seed(1234)
pos = 0
path = [pos]
for step in range(30):
    pos += random.choice([-1, 1])
    path.append(pos)
print(path)
print("max", max(path), "min", min(path), "end", pos)
