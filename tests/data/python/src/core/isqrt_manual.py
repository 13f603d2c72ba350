def isqrt(n):
    if n < 0:
        raise ValueError("negative")
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x

for n in [0, 1, 15, 16, 17, 10 ** 20, 2 ** 127 - 1]:
    r = isqrt(n)
    assert r * r <= n < (r + 1) * (r + 1)
    print(n, r)
