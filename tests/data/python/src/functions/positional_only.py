def clamp(value, /, lo=0, hi=10):
    return max(lo, min(hi, value))

print(clamp(5), clamp(-3), clamp(42, hi=50), clamp(7, 8, 9))
def pos_kw(a, b, /, c, *, d):
    return a + b + c + d
print(pos_kw(1, 2, 3, d=4), pos_kw(1, 2, c=3, d=4))
clamp(value=3)
