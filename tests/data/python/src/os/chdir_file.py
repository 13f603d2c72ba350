import os

open("f.txt", "w").close()
try:
    os.chdir("f.txt")
except NotADirectoryError as e:
    print(e)
os.chdir("/")
print(os.getcwd())
os.chdir("/work/case")
print(os.getcwd(), os.path.exists("main.py"))
os.chdir(42.0)
