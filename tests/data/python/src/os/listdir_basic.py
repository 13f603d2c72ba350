import os

os.mkdir("inbox")
for name in ["report.pdf", "b.txt", "a.txt", "c.log"]:
    open(os.path.join("inbox", name), "w").close()
os.mkdir("inbox/archive")

names = sorted(os.listdir("inbox"))
print(names)
print([n for n in names if n.endswith(".txt")])
print(len(os.listdir("inbox/archive")))
files = [n for n in names if os.path.isfile(os.path.join("inbox", n))]
dirs = [n for n in names if os.path.isdir(os.path.join("inbox", n))]
print(files, dirs)
print("main.py" in os.listdir())
print("main.py" in os.listdir("."))
