import io

data = io.StringIO("name,qty\nbolt,4\nnut,10\n\nwasher,2")
header = data.readline().rstrip("\n").split(",")
print(header)
rows = []
for line in data:
    line = line.strip()
    if not line:
        continue
    name, qty = line.split(",")
    rows.append((name, int(qty)))
print(rows)
print(repr(data.read()), data.tell())
data.seek(0)
print(data.readlines()[:2])
