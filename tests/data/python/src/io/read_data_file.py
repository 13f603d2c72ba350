totals = {}
with open("sales.csv") as f:
    header = f.readline().strip().split(",")
    print("columns:", header)
    for line in f:
        region, month, amount = line.strip().split(",")
        totals[region] = totals.get(region, 0) + float(amount)
for region, total in sorted(totals.items()):
    print(f"{region:<6}{total:>10.2f}")
