data = "héllo"
print(data.encode("utf-8"), data.encode("latin-1"), data.encode("ascii", errors="replace"))
print(data.encode("ascii", errors="ignore"), data.encode("ascii", errors="backslashreplace"))
raw = b"ok \xff\xfe bytes"
print(raw.decode("utf-8", errors="replace"), raw.decode("latin-1"))
try:
    raw.decode("utf-8")
except UnicodeDecodeError as e:
    print("UnicodeDecodeError:", e)
data.encode("ascii")
