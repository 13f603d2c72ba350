import os
import shutil

os.makedirs("app/static/css")
os.makedirs("app/__pycache__")
for f, text in [("app/main.py", "print(1)"), ("app/static/css/site.css", "body{}"),
                ("app/__pycache__/main.pyc", "bin"), ("app/notes.tmp", "x")]:
    with open(f, "w") as fh:
        fh.write(text)
dst = shutil.copytree("app", "dist", ignore=shutil.ignore_patterns("__pycache__", "*.tmp"))
print(dst)
for root, dirs, files in os.walk("dist"):
    dirs.sort()
    print(root, sorted(files))
try:
    shutil.copytree("app", "dist")
except FileExistsError as e:
    print(e)
shutil.copytree("app", "dist", dirs_exist_ok=True)
print(sorted(os.listdir("dist")))
shutil.rmtree("dist")
print(os.path.exists("dist"))
