import os

with open("target.txt", "w") as f:
    f.write("payload")
os.symlink("target.txt", "link.txt")
print(os.readlink("link.txt"))
print(os.path.islink("link.txt"), os.path.islink("target.txt"))
print(open("link.txt").read())
print(os.lstat("link.txt").st_size, os.stat("link.txt").st_size)
os.symlink("gone.txt", "dangling")
print(os.path.exists("dangling"), os.path.lexists("dangling"))
try:
    os.symlink("target.txt", "link.txt")
except FileExistsError as e:
    print(e)
try:
    os.readlink("target.txt")
except OSError as e:
    print(type(e).__name__, e)
print(os.path.realpath("link.txt") == os.path.join(os.getcwd(), "target.txt"))
