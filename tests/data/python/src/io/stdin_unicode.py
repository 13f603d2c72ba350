import sys
for line in sys.stdin:
    line = line.rstrip("\n")
    print(line[::-1], len(line), line.upper())
