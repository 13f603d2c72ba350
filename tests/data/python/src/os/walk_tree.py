import os

os.makedirs("project/src/utils", exist_ok=True)
os.makedirs("project/tests", exist_ok=True)
for name in ["project/README.md", "project/src/main.py", "project/src/utils/helpers.py",
             "project/tests/test_main.py"]:
    with open(name, "w") as f:
        f.write("# " + name + "\n")

for root, dirs, files in os.walk("project"):
    dirs.sort()
    depth = root.count(os.sep)
    print("  " * depth + os.path.basename(root) + "/")
    for f in sorted(files):
        print("  " * (depth + 1) + f)
