import os

for d in ["a/b/c", "a/d"]:
    os.makedirs(d)
open("a/b/c/x.txt", "w").close()
open("a/top.txt", "w").close()

order = []
for root, dirs, files in os.walk("a", topdown=False):
    order.append((root, sorted(dirs), sorted(files)))
for item in sorted(order):
    print(item)
# bottom-up: every directory comes after its children
pos = {r: i for i, (r, _, _) in enumerate(order)}
print(all(pos[os.path.dirname(r)] > pos[r] for r in pos if r != "a"))
