try:
    with open("missing.txt") as f:
        print(f.read())
except FileNotFoundError as e:
    print("caught:", e)
    print("errno name ok:", e.strerror, "| filename:", e.filename)
with open("also_missing.txt") as f:
    print(f.read())
