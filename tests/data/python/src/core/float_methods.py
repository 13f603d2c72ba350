x = 7.25
print(x.is_integer(), (8.0).is_integer(), x.as_integer_ratio())
print(int(x), round(x), round(x, 1), -x // 1, x % 1)
print(float.fromhex("0x1.8p1"), (1.5).hex())
print(1e308 * 10, -1e308 * 10, 5e-324, 5e-324 / 2)
print(2.0 ** 0.5, 10 ** -2, 9 ** 0.5, (-8) ** (1 / 3) if False else "skip")
print(max(1.5, 2), min(-0.0, 0.0), abs(-0.0))
print(f"{1e21:.0f}", f"{123.456:.0f}", f"{0.5:.0f}", f"{1.5:.0f}")
