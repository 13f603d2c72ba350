records = [("alice", 34), ("bob", 27), ("carol", 41)]
with open("people.tsv", "w") as out:
    for name, age in records:
        out.write(f"{name}\t{age}\n")
with open("people.tsv") as f:
    rows = [line.rstrip("\n").split("\t") for line in f]
print(rows)
oldest = max(rows, key=lambda r: int(r[1]))
print("oldest:", oldest[0])
with open("people.tsv") as f:
    print(sum(1 for _ in f), "rows")
