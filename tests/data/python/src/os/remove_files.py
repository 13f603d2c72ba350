import os

for name in ["tmp1.txt", "tmp2.txt", "keep.txt"]:
    open(name, "w").close()
for name in os.listdir("."):
    if name.startswith("tmp"):
        os.remove(name)
print(sorted(n for n in os.listdir(".") if n.endswith(".txt")))
try:
    os.remove("tmp1.txt")
except FileNotFoundError as e:
    print(e)
os.mkdir("adir")
try:
    os.remove("adir")
except IsADirectoryError as e:
    print(e)
try:
    os.unlink("adir")
except OSError as e:
    print(type(e).__name__, e)
os.unlink("keep.txt")
print(os.path.exists("keep.txt"))
