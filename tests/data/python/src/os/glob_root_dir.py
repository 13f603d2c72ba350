import glob
import os

os.makedirs("assets/img")
for f in ["assets/img/logo.png", "assets/img/icon.png", "assets/app.js"]:
    open(f, "w").close()
print(sorted(glob.glob("img/*.png", root_dir="assets")))
print(sorted(glob.glob("*", root_dir="assets")))
print(sorted(glob.glob("**/*.png", root_dir="assets", recursive=True)))
print(sorted(glob.iglob("assets/*/*.png")))
it = glob.iglob("assets/*.js")
print(type(it).__name__, next(it))
print(glob.escape("data[1]*.csv"), glob.escape("what?"))
print(glob.glob(glob.escape("assets/app.js")))
