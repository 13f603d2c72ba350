# Build a binary message incrementally in a bytearray.
buf = bytearray()
buf.append(0x02)
buf.extend(b"HEAD")
buf.extend([1, 2, 3])
buf += b"\x00" * 2
buf.insert(0, 0xFF)
print(buf, len(buf))
print(buf[0], buf[1:5], buf[-1], bytes(buf[1:5]))
buf[1] = 0x03
buf[2:6] = b"head"
print(buf)
del buf[-2:]
print(buf, buf.hex(), buf.hex(" "))
print(buf.pop(), buf.pop(0), buf)
buf.remove(ord("e"))
buf.reverse()
print(buf, list(buf))
copy = buf.copy()
buf.clear()
print(copy, buf, len(buf), bool(buf), bool(copy))
print(bytearray(4), bytearray([65, 66, 67]), bytearray(b"xyz"), bytearray("naïve", "utf-8"))
print(repr(bytearray()), str(bytearray(b"a'b")), bytearray(range(3)))
