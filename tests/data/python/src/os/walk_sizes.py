import os

os.makedirs("data/raw")
os.makedirs("data/clean")
sizes = {"data/raw/a.csv": 120, "data/raw/b.csv": 30, "data/clean/a.csv": 64, "data/notes.txt": 5}
for path, n in sizes.items():
    with open(path, "w") as f:
        f.write("x" * n)

total = 0
per_dir = {}
for root, dirs, files in os.walk("data"):
    for name in files:
        size = os.path.getsize(os.path.join(root, name))
        total += size
        per_dir[root] = per_dir.get(root, 0) + size
print("total bytes:", total)
for d in sorted(per_dir):
    print(f"{d:12} {per_dir[d]:>5}")
