data = [5, 12, 7, 20, 3]
if (n := len(data)) > 3:
    print(f"list is long ({n} elements)")
big = [y for x in data if (y := x * 2) > 15]
print(big)
lines = iter(["alpha", "beta", "", "gamma"])
while (line := next(lines)):
    print("line:", line)
print("stopped at empty line")
total = 0
print([total := total + x for x in data], total)
