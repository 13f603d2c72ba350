lines = ["alpha", "beta", "gamma"]
with open("out.txt", "w") as f:
    f.writelines(line + "\n" for line in lines)
with open("out.txt") as f:
    print(f.read().splitlines())
with open("out.txt", "r+") as f:
    f.seek(0, 2)
    f.write("delta\n")
    f.seek(0)
    print(len(f.readlines()))
with open("out.txt", "x") as f:
    pass
