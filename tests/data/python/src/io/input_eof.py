lines = []
while True:
    try:
        lines.append(input())
    except EOFError:
        break
print(len(lines), "lines read")
print(lines)
