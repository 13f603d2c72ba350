import os

os.mkdir("dest")
open("dest/inside", "w").close()
os.mkdir("src")
try:
    os.rename("src", "dest")
except OSError as e:
    print(type(e).__name__, e)
os.rename("missing", "dest/x")
