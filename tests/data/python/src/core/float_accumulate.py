total = 0.0
for _ in range(10):
    total += 0.1
print(total, total == 1.0, round(total, 10) == 1.0)
print(sum([0.1] * 10))
vals = [1e100, 1.0, -1e100]
print(sum(vals))
print(0.1 + 0.7, 0.3 - 0.1, 1 - 0.9, 100 * 1.1)
print(3 * 0.1 == 0.3, 0.5 + 0.25 == 0.75)
print([round(0.1 * i, 2) for i in range(6)])
