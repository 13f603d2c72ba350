def parse(line):
    name, value = line.split("=")
    return name, value

print(parse("a=1"))
for line in ["b=2", "c"]:
    try:
        print(parse(line))
    except ValueError as e:
        print("bad line", repr(line), "-", e)
x, y = [1, 2, 3]
