import struct

tests = [
    lambda: struct.pack("<I", -1),
    lambda: struct.pack("<I", 2**32),
    lambda: struct.pack("b", 200),
    lambda: struct.pack("B", -1),
    lambda: struct.pack("h", 40000),
    lambda: struct.pack("H", 70000),
    lambda: struct.pack("i", 2**31),
    lambda: struct.pack("<q", 2**63),
    lambda: struct.pack("<i", 1.5),
    lambda: struct.pack("<i", "3"),
    lambda: struct.pack("<f", "x"),
    lambda: struct.pack("<e", 1e6),
    lambda: struct.pack("<f", 1e300),
    lambda: struct.pack("c", b"ab"),
    lambda: struct.pack("s", "text"),
    lambda: struct.pack("<HH", 1),
    lambda: struct.pack("<H", 1, 2),
    lambda: struct.unpack("<I", b"\x00\x01"),
    lambda: struct.unpack_from("<I", b"\x00\x01", 1),
    lambda: list(struct.iter_unpack("<H", b"\x00\x01\x02")),
    lambda: struct.calcsize("<Z"),
    lambda: struct.calcsize("4"),
    lambda: struct.calcsize("<n"),
    lambda: struct.pack_into("<H", b"immutable", 0, 1),
    lambda: struct.pack_into("<I", bytearray(4), 2, 1),
    lambda: struct.unpack("<I", "text"),
    lambda: struct.Struct(5),
]
for t in tests:
    try:
        print("ok", t())
    except struct.error as e:
        print("struct.error:", e)
    except (TypeError, OverflowError, ValueError) as e:
        print(type(e).__name__ + ":", e)
print(issubclass(struct.error, Exception), struct.error.__module__, struct.error.__name__)
struct.unpack(">H", b"\x01")
