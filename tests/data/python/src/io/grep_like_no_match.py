import sys
pattern = sys.argv[1]
matched = 0
for n, line in enumerate(sys.stdin, 1):
    if pattern in line:
        matched += 1
        print(f"{n}:{line}", end="")
if not matched:
    print("no match", file=sys.stderr)
    sys.exit(1)
