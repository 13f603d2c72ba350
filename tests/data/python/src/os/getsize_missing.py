import os

def size_or_none(path):
    try:
        return os.path.getsize(path)
    except OSError as e:
        print("warning:", e)
        return None

print(size_or_none("main.py") > 0)
print(size_or_none("absent.bin"))
print(os.path.getsize("absent.bin"))
