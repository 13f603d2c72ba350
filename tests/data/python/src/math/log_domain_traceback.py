import math

def entropy(probs):
    return -sum(p * math.log2(p) for p in probs)

print(f"{entropy([0.5, 0.5]):.6f}")
print(f"{entropy([0.25] * 4):.6f}")
print(math.log(8, 2), math.log10(1000), math.log2(1024))
print(f"{math.log(10**400):.6f}")
print(entropy([0.5, 0.0, 0.5]))
