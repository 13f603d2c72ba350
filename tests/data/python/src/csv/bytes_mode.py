import csv

with open("b.csv", "w", newline="") as f:
    f.write("a,b\n1,2\n")
with open("b.csv", "rb") as f:
    try:
        for row in csv.reader(f):
            print(row)
    except csv.Error as e:
        print("csv.Error:", e)
with open("b.csv", "rb") as f:
    print(repr(next(f)), list(f))
with open("b.csv", "rb") as f:
    rows = csv.reader(f)
    next(rows)
