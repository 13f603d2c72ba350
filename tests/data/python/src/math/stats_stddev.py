import math

data = [2, 4, 4, 4, 5, 5, 7, 9]
n = len(data)
mean = math.fsum(data) / n
var = math.fsum((x - mean) ** 2 for x in data) / n
std = math.sqrt(var)
print(f"mean={mean} var={var} std={std}")
sample_std = math.sqrt(math.fsum((x - mean) ** 2 for x in data) / (n - 1))
print(f"sample std={sample_std:.6f}")
z = [(x - mean) / std for x in data]
print([round(v, 3) for v in z])
print(math.isclose(math.fsum(z), 0.0, abs_tol=1e-12))
