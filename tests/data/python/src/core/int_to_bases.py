def to_base(n, b):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    out = []
    while n:
        n, r = divmod(n, b)
        out.append(digits[r])
    return sign + "".join(reversed(out))

for n in [0, 5, 255, -255, 1000, 2 ** 64]:
    print(n, to_base(n, 2), to_base(n, 16), to_base(n, 36))
    assert int(to_base(n, 7), 7) == n
