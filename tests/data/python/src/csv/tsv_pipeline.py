import csv
import sys

with open("in.tsv", "w", newline="") as f:
    f.write("host\tstatus\tms\nweb1\tok\t12\nweb2\tfail\t250\ndb1\tok\t7\n")
with open("in.tsv", newline="") as f:
    rows = list(csv.DictReader(f, delimiter="\t"))
slow = [r for r in rows if int(r["ms"]) > 10]
w = csv.DictWriter(sys.stdout, fieldnames=["host", "ms"], extrasaction="ignore",
                   lineterminator="\n")
w.writeheader()
w.writerows(slow)
writer = csv.writer(sys.stdout, dialect="excel-tab", lineterminator="\n")
for r in rows:
    writer.writerow([r["host"].upper(), r["status"] == "ok", int(r["ms"]) / 1000])
print(csv.DictReader(open("in.tsv"), delimiter="\t").fieldnames)
