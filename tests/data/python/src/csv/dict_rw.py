import csv

rows = [
    {"sku": "A1", "qty": 3, "price": 9.5},
    {"sku": "B2", "qty": 10, "price": 0.25},
    {"sku": "C3", "qty": 1},
]
with open("inventory.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=["sku", "qty", "price"], restval="n/a")
    w.writeheader()
    w.writerows(rows)
print(open("inventory.csv", newline="").read().replace("\r\n", "|"))
with open("inventory.csv", newline="") as f:
    reader = csv.DictReader(f)
    print(reader.fieldnames)
    total = 0.0
    for rec in reader:
        print(reader.line_num, rec)
        if rec["price"] != "n/a":
            total += int(rec["qty"]) * float(rec["price"])
print("total", total)
lines = ["a,b", "1,2,3,4", "5", "", "6,7"]
for rec in csv.DictReader(lines, restkey="extra", restval="?"):
    print(rec)
print(list(csv.DictReader(["x,y", "1,2"], fieldnames=["c1", "c2"])))
try:
    csv.DictWriter(open("o.csv", "w"), ["a"]).writerow({"a": 1, "b": 2})
except ValueError as e:
    print("ValueError:", e)
w = csv.DictWriter(open("o.csv", "w"), ["a"], extrasaction="ignore")
print(w.writerow({"a": 1, "b": 2}))
try:
    csv.DictWriter(open("o.csv", "w"), ["a"], extrasaction="skip")
except ValueError as e:
    print("ValueError:", e)
