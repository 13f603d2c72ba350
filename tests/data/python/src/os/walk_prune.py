import os

for d in ["repo/.git/objects", "repo/node_modules/pkg", "repo/src", "repo/__pycache__"]:
    os.makedirs(d)
for f in ["repo/src/app.py", "repo/node_modules/pkg/index.js", "repo/.git/HEAD",
          "repo/__pycache__/app.cpython-314.pyc", "repo/setup.py"]:
    open(f, "w").close()

SKIP = {".git", "node_modules", "__pycache__"}
found = []
for root, dirs, files in os.walk("repo"):
    dirs[:] = [d for d in dirs if d not in SKIP]
    for f in files:
        if f.endswith(".py"):
            found.append(os.path.join(root, f))
print(sorted(found))
