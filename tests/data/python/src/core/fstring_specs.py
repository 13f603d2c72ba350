pi = 3.14159265
n = 1234567
name = "Ada"
print(f"{pi:.2f} {pi:8.3f}| {pi:<8.1f}| {pi:+.0f} {pi:e} {pi:.3g}")
print(f"{n:,} {n:_} {n:>12,}| {n:012d} {n:x} {n:#o} {n:#b}")
print(f"{name!r} {name:>6}| {name:*^9} {name:<5}|")
print(f"{0.25:%} {0.25:.1%} {-5:+d} {5:+d} {5: d}")
print(f"{n=}, {pi*2=:.2f}, {name.upper()=}")
width, prec = 10, 3
print(f"[{pi:{width}.{prec}f}]")
print(f"{'nested'} {{braces}} {len(name)}")
print(f"{3:03} {42:<4}| {-7:>5}|")
