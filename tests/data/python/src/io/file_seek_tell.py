with open("f.txt", "w") as f:
    f.write("0123456789\nabcdef\n")
with open("f.txt") as f:
    print(repr(f.read(3)), f.tell())
    f.seek(0)
    print(repr(f.readline()))
    print(repr(f.read()))
    print(repr(f.read()))
with open("f.txt", "rb") as f:
    f.seek(-7, 2)
    print(f.read(), f.tell())
    f.seek(5)
    print(f.read(2))
