import io

b = io.BytesIO(b"\x00\x01binary")
print(b.read(2), b.tell())
print(b.read())
b.seek(-3, io.SEEK_END)
print(b.read(10))
b.write(b"!!")
print(b.getvalue(), len(b.getvalue()))
b.seek(0)
b.write(b"XY")
print(b.getvalue())
try:
    b.write("text")
except TypeError as e:
    print(e)
lines = io.BytesIO(b"one\ntwo\nthree")
print(list(lines))
