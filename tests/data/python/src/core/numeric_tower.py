values = [3, 3.0, 3 + 0j, True]
for v in values:
    print(type(v).__name__, v, v == 3, v + 1)
print(type(1 + 2.0).__name__, type(2 * True).__name__, type(1j * 1).__name__)
print(isinstance(True, int), isinstance(3, float), issubclass(bool, int))
print(10 / 5, type(10 / 5).__name__, 10 // 5, type(10 // 5).__name__)
print(1_000_000, 0xff, 0o17, 0b11, 1e3, 2.5e-3)
