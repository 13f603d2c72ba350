import binascii

data = b"\x00\x01\xfe\xffhello"
h = binascii.hexlify(data)
print(h, binascii.b2a_hex(data), binascii.unhexlify(h), binascii.a2b_hex("48656c6c6f"))
print(binascii.hexlify(data, "-"), binascii.hexlify(data, b":", 2), binascii.hexlify(data, " ", -3))
print(binascii.b2a_base64(b"hello"), binascii.b2a_base64(b"hello", newline=False))
print(binascii.a2b_base64(b"aGVsbG8=\n"), binascii.a2b_base64("aGk="))
print(binascii.a2b_base64(b"aGVsbG8=", strict_mode=True))
print(binascii.crc32(b"hello world"), hex(binascii.crc32(b"")), binascii.crc32(b"a" * 1000))
crc = 0
for chunk in [b"hello", b" ", b"world"]:
    crc = binascii.crc32(chunk, crc)
print("streamed", crc, crc == binascii.crc32(b"hello world"))
print(binascii.crc_hqx(b"123456789", 0), binascii.crc_hqx(b"123456789", 0xFFFF))
for bad in ["abc", "zz", b"0x12"]:
    try:
        binascii.unhexlify(bad)
    except binascii.Error as e:
        print("Error:", e)
for fn, arg in [(binascii.hexlify, "str"), (binascii.a2b_base64, 5), (binascii.crc32, "s")]:
    try:
        fn(arg)
    except TypeError as e:
        print("TypeError:", e)
try:
    binascii.hexlify(b"ab", "--")
except ValueError as e:
    print("ValueError:", e)
