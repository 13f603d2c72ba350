import errno
import os

os.mkdir("logs")
for i, n in enumerate([300, 10, 4500, 80]):
    with open(f"logs/app{i}.log", "w") as f:
        f.write("." * n)

def largest(path, k=2):
    sized = []
    for entry in os.scandir(path):
        if entry.is_file():
            sized.append((entry.stat().st_size, entry.name))
    return sorted(sized, reverse=True)[:k]

for size, name in largest("logs"):
    print(f"{name}: {size} bytes")
try:
    with os.scandir("nolog") as it:
        pass
except OSError as e:
    print(type(e).__name__, e.errno == errno.ENOENT, e.filename)
