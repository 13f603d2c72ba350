import random

random.seed(5)
print(random.getrandbits(1), random.getrandbits(8), random.getrandbits(32))
print(random.getrandbits(64))
print(random.getrandbits(100))
print(random.getrandbits(0))
print(random.randbytes(6).hex())
print(hex(random.getrandbits(200)))
