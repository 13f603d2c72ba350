import io

s = io.StringIO("abc")
for action in ("write_int", "seek_cur", "seek_neg", "bad_whence"):
    try:
        if action == "write_int":
            s.write(42)
        elif action == "seek_cur":
            s.seek(2, io.SEEK_CUR)
        elif action == "seek_neg":
            s.seek(-4)
        else:
            s.seek(0, 5)
    except (TypeError, ValueError, OSError) as e:
        print(action, type(e).__name__, e)
try:
    s.fileno()
except io.UnsupportedOperation as e:
    print("fileno:", e, isinstance(e, OSError), isinstance(e, ValueError))
s.close()
print(s.closed)
s.getvalue()
