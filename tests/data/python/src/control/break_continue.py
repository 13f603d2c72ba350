for n in range(1, 20):
    if n % 2 == 0:
        continue
    if n > 11:
        break
    print(n, end=" ")
print()
results = []
i = 0
while True:
    i += 1
    if i % 3 == 0:
        continue
    results.append(i)
    if len(results) == 6:
        break
print(results)
