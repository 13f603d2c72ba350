import os

try:
    os.stat("missing.txt")
except FileNotFoundError as e:
    print("caught:", e)
    print(e.filename, e.strerror)
    print(isinstance(e, OSError))

os.stat("missing.txt")
