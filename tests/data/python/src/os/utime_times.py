import os

with open("stamp.txt", "w") as f:
    f.write("t")
os.utime("stamp.txt", (1000000000, 1700000000))
st = os.stat("stamp.txt")
print(st.st_atime, st.st_mtime, st.st_mtime_ns)
print(os.path.getmtime("stamp.txt"), int(os.path.getatime("stamp.txt")))
os.utime("stamp.txt", ns=(5_000_000_000, 1_234_567_890_000_000_000))
print(os.stat("stamp.txt").st_mtime_ns, os.stat("stamp.txt").st_atime)
older = [f for f in ["stamp.txt"] if os.path.getmtime(f) < 1_300_000_000]
print(older)
try:
    os.utime("stamp.txt", times=(1, 2), ns=(1, 2))
except ValueError as e:
    print(e)
try:
    os.utime("none.txt", (1, 2))
except FileNotFoundError as e:
    print(e)
