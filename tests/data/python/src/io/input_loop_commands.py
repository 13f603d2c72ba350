stack = []
while True:
    try:
        line = input()
    except EOFError:
        print("bye")
        break
    cmd, *args = line.split()
    if cmd == "push":
        stack.extend(int(a) for a in args)
    elif cmd == "pop":
        print("popped", stack.pop())
    elif cmd == "show":
        print("stack", stack)
    else:
        print("unknown command", repr(cmd))
