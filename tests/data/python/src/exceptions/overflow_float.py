print(2.0 ** 1000 > 1e300, 1e308 * 10)
try:
    print(int(float("inf")))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(int(float("nan")))
except ValueError as e:
    print("ValueError:", e)
print(10 ** 400 > 1e308, float(10 ** 300))
float(10 ** 400)
