import glob
import os

os.makedirs("out/nested")
for f in ["out/a.o", "out/b.o", "out/main", "out/nested/c.o", "out/keep.txt"]:
    open(f, "w").close()
removed = 0
for path in glob.glob("out/**/*.o", recursive=True):
    os.remove(path)
    removed += 1
print("removed", removed)
remaining = []
for root, dirs, files in os.walk("out"):
    remaining.extend(os.path.relpath(os.path.join(root, f), "out") for f in files)
print(sorted(remaining))
