import random

r = random.Random(123)
r.random()
state = r.getstate()
first = [r.random() for _ in range(3)]
r.setstate(state)
again = [r.random() for _ in range(3)]
print(first == again, first)
print(state[0], len(state[1]), state[2])
try:
    r.setstate((7, state[1], None))
except ValueError as e:
    print("ValueError:", e)
