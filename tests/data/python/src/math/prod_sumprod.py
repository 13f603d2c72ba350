import math

print(math.prod([1, 2, 3, 4, 5]), math.prod([]), math.prod([2.5, 4]))
print(math.prod(range(1, 21)) == math.factorial(20))
print(math.prod([2, 3], start=10))
prices = [19.99, 5.25, 3.5]
qty = [2, 4, 10]
print(f"{math.sumprod(prices, qty):.2f}")
print(math.sumprod([1, 2, 3], [4, 5, 6]), math.sumprod([0.1] * 10, [1] * 10))
try:
    math.sumprod([1, 2], [1])
except ValueError as e:
    print(e)
print(math.prod(["ab", 3]))
