import os
import stat

with open("notes.txt", "w") as f:
    f.write("hello world\n")
os.mkdir("folder")

st = os.stat("notes.txt")
print(st.st_size)
print(stat.S_ISREG(st.st_mode), stat.S_ISDIR(st.st_mode))
print(type(st).__name__, isinstance(st, tuple), len(st))
print(st[stat.ST_SIZE] == st.st_size)
print(st.st_mtime_ns // 10**9 == int(st.st_mtime))
d = os.stat("folder")
print(stat.S_ISDIR(d.st_mode), stat.S_ISREG(d.st_mode))
print(stat.S_IFMT(d.st_mode) == stat.S_IFDIR)
