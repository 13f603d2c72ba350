import sys
count = 0
longest = ""
for line in sys.stdin:
    line = line.rstrip("\n")
    count += 1
    if len(line) > len(longest):
        longest = line
    print(f"{count:3}: {line}")
print("lines:", count, "longest:", repr(longest))
