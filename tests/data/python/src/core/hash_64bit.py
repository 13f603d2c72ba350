import sys
print(sys.maxsize, sys.maxsize == 2 ** 63 - 1)
print(hash(1), hash(-1), hash(-2), hash(2 ** 61 - 1), hash(2 ** 61), hash(2 ** 64 + 3))
print(hash(1.5), hash(0.1), hash(-0.0), hash(float("inf")))
print(hash((1, 2)), hash(()), hash((1, (2, 3))))
print(hash(True), hash(None) == hash(None))
