rows = [("name", "age", "city"), ("ann", 30, "oslo"), ("bob", 25, "rome")]
cols = list(zip(*rows))
print(cols)
widths = [max(len(str(v)) for v in col) for col in cols]
for row in rows:
    print(" | ".join(str(v).ljust(w) for v, w in zip(row, widths)))
header, *data = rows
records = [dict(zip(header, r)) for r in data]
print(records)
