import os

os.mkdir("photos")
for i in range(3):
    open(f"photos/IMG_{i:04d}.JPG", "w").close()
for name in sorted(os.listdir("photos")):
    base, ext = os.path.splitext(name)
    new = base.lower().replace("img_", "photo-") + ext.lower()
    os.rename(os.path.join("photos", name), os.path.join("photos", new))
print(sorted(os.listdir("photos")))
with open("a.txt", "w") as f:
    f.write("A")
with open("b.txt", "w") as f:
    f.write("B")
os.replace("a.txt", "b.txt")
print(open("b.txt").read(), os.path.exists("a.txt"))
try:
    os.rename("nope.txt", "other.txt")
except FileNotFoundError as e:
    print(e)
    print(e.filename, e.filename2)
