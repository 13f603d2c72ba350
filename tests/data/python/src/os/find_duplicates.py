import os
from collections import defaultdict

os.makedirs("docs/old")
contents = {"docs/a.txt": "same", "docs/b.txt": "diff", "docs/old/a.txt": "same",
            "docs/old/c.txt": "same", "docs/d.txt": ""}
for p, t in contents.items():
    with open(p, "w") as f:
        f.write(t)
by_content = defaultdict(list)
for root, _, files in os.walk("docs"):
    for name in files:
        path = os.path.join(root, name)
        with open(path) as f:
            by_content[f.read()].append(path)
for text, paths in sorted(by_content.items()):
    if len(paths) > 1:
        print(repr(text), sorted(paths))
empty = [p for paths in by_content.values() for p in paths if os.path.getsize(p) == 0]
print("empty:", empty)
