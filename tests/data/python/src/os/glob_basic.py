import glob
import os

os.makedirs("src/pkg")
for f in ["src/a.py", "src/b.py", "src/c.txt", "src/pkg/__init__.py", "src/pkg/mod.py",
          "src/.hidden.py", "README.md"]:
    open(f, "w").close()
print(sorted(glob.glob("src/*.py")))
print(sorted(glob.glob("src/*")))
print(sorted(glob.glob("src/?.py")))
print(sorted(glob.glob("src/[ab].py")))
print(sorted(glob.glob("src/[!a]*")))
print(sorted(glob.glob("*/pkg/*.py")))
print(glob.glob("nothing/*.py"), glob.glob("src/zzz.py"))
print(glob.glob("README.md"), glob.glob("src/"))
print(sorted(glob.glob("src/.*")))
