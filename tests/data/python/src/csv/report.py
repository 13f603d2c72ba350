import csv
from collections import defaultdict

with open("sales.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["region", "product", "units", "price"])
    for row in [("north", "widget", 10, 2.5), ("south", "widget", 4, 2.5),
                ("north", "gadget", 1, 99.0), ("east", "widget", 7, 2.25),
                ("south", "gizmo, deluxe", 2, 15.0)]:
        w.writerow(row)
totals = defaultdict(float)
with open("sales.csv", newline="") as f:
    for rec in csv.DictReader(f):
        totals[rec["region"]] += int(rec["units"]) * float(rec["price"])
for region in sorted(totals):
    print(f"{region:<6} {totals[region]:>8.2f}")
with open("summary.csv", "w", newline="") as f:
    w = csv.writer(f, quoting=csv.QUOTE_NONNUMERIC)
    w.writerow(["region", "total"])
    w.writerows(sorted(totals.items()))
print(open("summary.csv").read(), end="")
with open("summary.csv", newline="") as f:
    r = csv.reader(f, quoting=csv.QUOTE_NONNUMERIC)
    header = next(r)
    print(header, [row for row in r])
