import io

raw = "a\r\nb\rc\n"
print(io.StringIO(raw).readlines())
print(io.StringIO(raw, newline="").readlines())
u = io.StringIO(newline=None)
u.write(raw)
print(repr(u.getvalue()))
w = io.StringIO(newline="\r\n")
w.write("x\ny\n")
print(repr(w.getvalue()))
print(w.readable(), w.writable(), w.seekable(), w.isatty())
try:
    io.StringIO(newline="x")
except ValueError as e:
    print(e)
