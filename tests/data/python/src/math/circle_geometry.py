import math

def circle_stats(r):
    area = math.pi * r ** 2
    circumference = 2 * math.pi * r
    return area, circumference

for r in [1, 2.5, 10]:
    a, c = circle_stats(r)
    print(f"r={r}: area={a:.4f} circumference={c:.4f}")
print(round(math.tau / 2, 12) == round(math.pi, 12))
print(math.pi, math.e, math.tau)
