def run(line):
    match line.split():
        case ["add", x, y]:
            return int(x) + int(y)
        case ["neg", x]:
            return -int(x)
        case ["sum", *nums] if nums:
            return sum(map(int, nums))
        case ["quit" | "exit"]:
            return "bye"
        case [cmd, *_]:
            return f"unknown command {cmd!r}"
        case []:
            return "empty"

for line in ["add 2 3", "neg 7", "sum 1 2 3 4", "sum", "exit", "jump 1", ""]:
    print(f"{line!r:14} -> {run(line)}")
