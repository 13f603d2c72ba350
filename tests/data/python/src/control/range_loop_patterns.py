n = 5
for i in range(n):
    print(" " * (n - i - 1) + "*" * (2 * i + 1))
for i in range(n, 0, -1):
    print(str(i) * i)
for i in range(1, 4):
    print(" ".join(f"{i * j:2}" for j in range(1, 6)))
