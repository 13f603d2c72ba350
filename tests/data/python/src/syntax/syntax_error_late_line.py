def helper(x):
    return x * 2

values = [helper(i) for i in range(5)]
print(values)

while True print("loop")
