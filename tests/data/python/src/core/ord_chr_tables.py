for c in "Az09 ~":
    print(repr(c), ord(c), hex(ord(c)), bin(ord(c)))
print("".join(chr(i) for i in range(65, 91)))
print([chr(ord("a") + i) for i in range(0, 26, 5)])
table = str.maketrans("abc", "xyz", "d")
print("aabbccdd".translate(table))
print("hello".translate({ord("l"): None, ord("o"): "0"}))
