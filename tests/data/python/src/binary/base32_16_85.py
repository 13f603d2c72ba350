import base64

for data in [b"", b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar"]:
    e32 = base64.b32encode(data)
    e16 = base64.b16encode(data)
    e32h = base64.b32hexencode(data)
    assert base64.b32decode(e32) == data and base64.b16decode(e16) == data
    assert base64.b32hexdecode(e32h) == data
    print(data, e32, e32h, e16)
print(base64.b32decode(b"mzxw6===", casefold=True), base64.b16decode(b"666f6f", casefold=True))
print(base64.b32decode(b"MZXW6YTB0I======", map01=b"L"), base64.b32decode(b"MZXW6Y1B", map01=b"T"))
for data in [b"", b"a", b"hello world", bytes(range(8)), b"\x00\x00\x00\x00"]:
    e85 = base64.b85encode(data)
    a85 = base64.a85encode(data)
    assert base64.b85decode(e85) == data and base64.a85decode(a85) == data
    print(data, e85, base64.b85encode(data, pad=True), a85)
print(base64.a85encode(b"hello world", adobe=True), base64.a85decode(b"<~BOu!rDZ~>", adobe=True))
print(base64.a85encode(b"    ", foldspaces=True))
