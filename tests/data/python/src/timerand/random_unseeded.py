import random

x = random.random()
print(0.0 <= x < 1.0)
n = random.randint(1, 10)
print(1 <= n <= 10)
s = random.SystemRandom()
print(0 <= s.randrange(50) < 50, 0.0 <= s.random() < 1.0)
print(len(s.randbytes(4)), s.getrandbits(8) < 256)
try:
    s.getstate()
except NotImplementedError as e:
    print("NotImplementedError:", e)
