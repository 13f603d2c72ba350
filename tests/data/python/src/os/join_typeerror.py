import os

print(os.path.join("logs", "2024", "01.txt"))
try:
    os.path.join("a", b"b")
except TypeError as e:
    print(e)
try:
    os.path.join("a", None)
except TypeError as e:
    print(e)
os.path.join("out", 3)
