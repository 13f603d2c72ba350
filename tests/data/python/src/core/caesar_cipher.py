def shift(text, k):
    out = []
    for ch in text:
        if ch.isalpha():
            base = ord("A") if ch.isupper() else ord("a")
            out.append(chr((ord(ch) - base + k) % 26 + base))
        else:
            out.append(ch)
    return "".join(out)

msg = "Hello, World! xyz"
enc = shift(msg, 3)
print(enc)
print(shift(enc, -3))
assert shift(enc, -3) == msg
print(shift("abc", 26 * 5 + 1))
