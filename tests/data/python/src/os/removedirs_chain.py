import os

os.makedirs("x/y/z")
open("x/keep", "w").close()
os.removedirs("x/y/z")
print(os.path.exists("x/y"), os.path.exists("x"))
os.makedirs("p/q/r")
os.removedirs("p/q/r")
print(os.path.exists("p"))
os.removedirs("p/q/r")
