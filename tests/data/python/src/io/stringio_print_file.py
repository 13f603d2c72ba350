import io

out = io.StringIO()
print("header", file=out)
print(1, 2, 3, sep=",", file=out)
print("no newline", end="", file=out)
print(repr(out.getvalue()))
print(out.tell(), len(out.getvalue()))
