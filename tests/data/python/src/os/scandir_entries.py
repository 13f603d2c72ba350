import os

os.makedirs("work/sub")
with open("work/big.bin", "w") as f:
    f.write("0123456789" * 10)
with open("work/small.txt", "w") as f:
    f.write("hi")
os.symlink("small.txt", "work/link")

with os.scandir("work") as it:
    entries = sorted(it, key=lambda e: e.name)
for e in entries:
    kind = "dir" if e.is_dir() else "file" if e.is_file() else "other"
    print(e.name, e.path, kind, e.is_symlink(), repr(e))
for e in entries:
    if e.is_file(follow_symlinks=False):
        print(e.name, e.stat().st_size)
print(entries[0].is_dir(follow_symlinks=False), entries[1].is_file(follow_symlinks=False))
print(os.fspath(entries[2]))
