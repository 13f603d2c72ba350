def search(items, target):
    for i, v in enumerate(items):
        if v == target:
            print(f"found {target} at {i}")
            break
    else:
        print(f"{target} not found")

search([4, 8, 15, 16], 15)
search([4, 8, 15, 16], 23)
for x in []:
    print("never")
else:
    print("empty loop else runs")
for i in range(3):
    for j in range(3):
        if i * j == 2:
            print("pair", i, j)
            break
    else:
        continue
    break
