with open("list.txt") as f:
    items = [line.strip() for line in f if line.strip() and not line.startswith("#")]
print(items)
with open("list.txt") as f:
    raw = f.read().splitlines()
print(len(raw), raw)
