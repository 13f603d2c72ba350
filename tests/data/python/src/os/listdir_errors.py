import os

open("plain.txt", "w").close()
for target in ["nowhere", "plain.txt"]:
    try:
        os.listdir(target)
    except FileNotFoundError as e:
        print("not found:", e)
    except NotADirectoryError as e:
        print("not a dir:", e)
try:
    os.listdir(42.5)
except TypeError as e:
    print(e)
os.listdir("plain.txt")
