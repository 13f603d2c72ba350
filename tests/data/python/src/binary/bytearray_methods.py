# bytearray shares the bytes methods, returning bytearrays.
line = bytearray(b"  GET /index.html HTTP/1.1\r\n")
parts = line.strip().split(b" ")
print(parts)
print([type(p).__name__ for p in parts])
print(line.strip().upper(), line.find(b"HTTP"), line.count(b"/"), line.startswith(b"  GET"))
print(bytearray(b"a,b,,c").split(b","), bytearray(b"x").join([b"1", bytearray(b"2"), b"3"]))
print(bytearray(b"hello").replace(b"l", b"L"), bytearray(b"key=value").partition(b"="))
print(bytearray(b"abc").decode(), bytearray(b"caf\xc3\xa9").decode("utf-8"), bytearray(b"7").zfill(3))
print(bytearray.fromhex("de ad be ef"), bytearray(b"\x01\xab").hex(), bytearray(b"AbC").lower())
print(bytearray(b"abc") == b"abc", b"abc" == bytearray(b"abc"), bytearray(b"a") < b"b")
print(b"b" in bytearray(b"abc"), 99 in bytearray(b"abc"), bytearray(b"abc") != bytearray(b"abd"))
print(b"ab" + bytearray(b"cd"), bytearray(b"ab") + b"cd", bytearray(b"-") * 3, 2 * bytearray(b"ab"))
x = bytearray(b"ab")
y = x
x *= 2
x += bytearray(b"!")
print(y, x is y, x.rstrip(b"!"), x.rstrip(b"!") is x)
print(sorted(set(bytearray(b"hello"))), max(bytearray(b"hello")), sum(bytearray(b"\x01\x02")))
