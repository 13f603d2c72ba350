import io

s = io.StringIO()
s.write("Hello, World!")
s.seek(7)
s.write("Python")
print(repr(s.getvalue()))
s.seek(0, io.SEEK_END)
s.write("?")
print(repr(s.getvalue()), s.tell())
s.seek(30)
s.write("end")
print(repr(s.getvalue()))
print(s.truncate(5), repr(s.getvalue()), s.tell())
