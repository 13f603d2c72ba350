import sys
lines = words = chars = 0
for line in sys.stdin:
    lines += 1
    words += len(line.split())
    chars += len(line)
print(f"{lines:>7}{words:>8}{chars:>8}")
