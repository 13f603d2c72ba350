stack = []
for tok in "3 4 + 2 * 7 -".split():
    if tok.isdigit():
        stack.append(int(tok))
    else:
        b, a = stack.pop(), stack.pop()
        stack.append({"+": a + b, "-": a - b, "*": a * b}[tok])
    print(tok, stack)
queue = [1, 2, 3]
while queue:
    item = queue.pop(0)
    if item < 3:
        queue.append(item + 10)
    print("processed", item, queue)
