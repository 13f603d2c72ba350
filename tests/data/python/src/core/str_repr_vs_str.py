items = ["a", 1, 2.0, None, True, [1, "b"], ("t",), {"k": "v"}, b"by"]
for it in items:
    print(str(it), repr(it))
print(items)
print(str("quote'in"), repr("quote'in"), repr('dq"'), repr("\n\t"))
