import os

os.makedirs("cache/v1")
open("cache/v1/data", "w").close()
try:
    os.rmdir("cache")
except OSError as e:
    print(type(e).__name__, e)
try:
    os.rmdir("cache/v1/data")
except NotADirectoryError as e:
    print(e)
os.remove("cache/v1/data")
os.rmdir("cache/v1")
os.rmdir("cache")
print(os.path.exists("cache"))
os.rmdir("cache")
