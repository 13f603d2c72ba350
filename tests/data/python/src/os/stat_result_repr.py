import os

st = os.stat_result((33188, 12, 34, 1, 0, 0, 512, 100, 200, 300))
print(st)
print(st.st_mode, st.st_size, st.st_mtime, st[8], tuple(st))
mode, ino, dev, nlink, uid, gid, size, atime, mtime, ctime = st
print(size, mtime)
print(type(st).__name__, type(st).__module__)
try:
    os.stat_result((1, 2, 3))
except TypeError as e:
    print(e)
