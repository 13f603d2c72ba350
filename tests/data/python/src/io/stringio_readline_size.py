import io

s = io.StringIO("abcdef\nghi\n")
print(repr(s.readline(3)), repr(s.readline()), repr(s.readline(100)), repr(s.readline()))
s.seek(0)
print(repr(s.read(0)), repr(s.read(4)), repr(s.read(-1)), repr(s.read()))
s.seek(0)
print(s.readlines(5))
try:
    s.read("2")
except TypeError as e:
    print(e)
