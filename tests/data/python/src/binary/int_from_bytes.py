# Decode length prefixes and checksums from raw bytes.
data = b"\x00\x00\x01\x00payload\xff\xfe"
length = int.from_bytes(data[:4], "big")
print("length", length)
print(int.from_bytes(data[-2:], "big"), int.from_bytes(data[-2:], "big", signed=True))
print(int.from_bytes(data[-2:], "little"), int.from_bytes(data[-2:], byteorder="little", signed=True))
print(int.from_bytes(b""), int.from_bytes(b"\x80", signed=True), int.from_bytes([1, 0, 0]))
print(int.from_bytes(bytearray(b"\x01\x02"), "little"), int.from_bytes((255,) * 9, "big"))
value = 0xDEADBEEF
assert int.from_bytes(value.to_bytes(4, "little"), "little") == value
print(hex(int.from_bytes(value.to_bytes(8, "big"), "big")))
for bad in ["abc", [256], 3.5]:
    try:
        int.from_bytes(bad, "big")
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
class Port(int):
    pass
p = Port.from_bytes(b"\x1f\x90", "big")
print(type(p).__name__, p)
