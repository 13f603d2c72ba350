values = [1, 2, "3", 4]
total = 0
for v in values:
    total = total + v
print(total)
