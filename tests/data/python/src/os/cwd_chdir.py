import os

start = os.getcwd()
print(start)
os.makedirs("sub/deeper")
os.chdir("sub")
print(os.getcwd())
with open("here.txt", "w") as f:
    f.write("inside sub")
os.chdir("deeper")
print(os.getcwd(), os.listdir())
os.chdir("..")
print(sorted(os.listdir()))
os.chdir(start)
print(open("sub/here.txt").read())
print(os.path.abspath("x.txt"))
try:
    os.chdir("nowhere")
except FileNotFoundError as e:
    print(e)
