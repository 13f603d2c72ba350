import math

for deg in [0, 30, 45, 60, 90, 180, 270]:
    rad = math.radians(deg)
    print(f"{deg:>3} {rad:.5f} sin={math.sin(rad):+.5f} cos={math.cos(rad):+.5f}")
print(math.degrees(math.pi / 3))
print(f"{math.degrees(math.atan2(1, 1)):.6f} {math.degrees(math.atan2(-1, -1)):.6f}")
print(f"{math.asin(0.5):.10f} {math.acos(0):.10f} {math.atan(1) * 4:.10f}")
try:
    math.asin(2)
except ValueError as e:
    print(e)
