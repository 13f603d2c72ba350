import math

def solve_quadratic(a, b, c):
    disc = b * b - 4 * a * c
    root = math.sqrt(disc)
    return (-b + root) / (2 * a), (-b - root) / (2 * a)

print(solve_quadratic(1, -3, 2))
print(solve_quadratic(1, 2, 5))
