def accumulator():
    items = []
    while True:
        cmd = yield len(items)
        if cmd == "dump":
            print("dump:", items)
        elif cmd is not None:
            items.append(cmd)

acc = accumulator()
print(next(acc))
for word in ["a", "b", "dump", "c"]:
    print(word, "->", acc.send(word))
acc.close()
acc.send("x")
