import os

os.mkdir("build")
try:
    os.mkdir("build")
except FileExistsError as e:
    print("exists:", e)
try:
    os.mkdir("a/b/c")
except FileNotFoundError as e:
    print("missing parent:", e)
os.makedirs("a/b/c")
print(os.path.isdir("a/b/c"))
os.makedirs("a/b/c", exist_ok=True)
try:
    os.makedirs("a/b/c")
except FileExistsError as e:
    print("makedirs:", e)
open("a/file", "w").close()
try:
    os.makedirs("a/file", exist_ok=True)
except FileExistsError as e:
    print("file in the way:", e)
