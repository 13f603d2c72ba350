b = b"hello world"
print(b, len(b), b[0], b[:5], b.upper(), b.split())
print(bytes([72, 105]), bytes(3), bytearray(b"abc"))
ba = bytearray(b"abc")
ba.append(100)
ba[0] = 65
print(ba, ba.decode())
print(b"x".hex(), bytes.fromhex("48 49"), b"a" * 3, b"ab" + b"cd")
print(b"abc" == "abc", b"\x00\xff", list(b"\x01\x02"))
print(b"data".find(b"t"), b"  pad ".strip(), b",".join([b"a", b"b"]))
