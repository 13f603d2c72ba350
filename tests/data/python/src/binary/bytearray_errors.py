# The errors bytearray raises for bad input.
buf = bytearray(b"abc")
tests = [
    lambda: hash(buf),
    lambda: buf.append(256),
    lambda: buf.append(-1),
    lambda: buf.append("a"),
    lambda: buf.extend("text"),
    lambda: buf.__setitem__(0, 300),
    lambda: buf[10],
    lambda: buf.__setitem__(slice(0, 3, 2), b"xyz"),
    lambda: bytearray().pop(),
    lambda: buf.pop(7),
    lambda: buf.remove(120),
    lambda: bytearray("text"),
    lambda: bytearray(b"x", "utf-8"),
    lambda: bytearray(-1),
    lambda: bytearray([1, 999]),
    lambda: {buf: 1},
    lambda: buf["a"],
    lambda: 300 in buf,
    lambda: buf.__setitem__(slice(0, 1), 5),
]
for t in tests:
    try:
        t()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(buf)
