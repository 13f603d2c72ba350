with open("notes.txt", "w") as f:
    f.write("first line\n")
    f.write("second line\n")
    print("third line", file=f)
with open("notes.txt") as f:
    content = f.read()
print(repr(content))
with open("notes.txt") as f:
    for i, line in enumerate(f, 1):
        print(i, line.rstrip())
with open("notes.txt", "a") as f:
    f.write("appended\n")
with open("notes.txt") as f:
    print(f.readlines())
