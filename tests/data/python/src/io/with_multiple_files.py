with open("in.txt", "w") as f:
    f.write("alpha\nbeta\ngamma\n")
with open("in.txt") as src, open("out.txt", "w") as dst:
    for n, line in enumerate(src, 1):
        dst.write(f"{n}. {line.upper()}")
with open("out.txt") as f:
    print(f.read(), end="")
