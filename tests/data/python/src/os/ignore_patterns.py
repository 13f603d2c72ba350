import fnmatch
import os

IGNORE = ["*.pyc", "__pycache__", ".*", "*.egg-info"]

def ignored(name):
    return any(fnmatch.fnmatch(name, p) for p in IGNORE)

os.makedirs("proj/__pycache__")
os.makedirs("proj/pkg.egg-info")
for f in ["proj/a.py", "proj/a.pyc", "proj/.gitignore", "proj/b.txt"]:
    open(f, "w").close()
kept = [n for n in sorted(os.listdir("proj")) if not ignored(n)]
print(kept)
print(fnmatch.filterfalse(sorted(os.listdir("proj")), "*.py*"))
