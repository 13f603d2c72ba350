import os

for p in ["report.pdf", "archive.tar.gz", ".bashrc", "noext", "dir.d/file",
          "a.", "..hidden", "/path/to/.env.local", "x/.", "file.PY"]:
    print(repr(p), os.path.splitext(p))
name, ext = os.path.splitext("data.CSV")
print(ext.lower() == ".csv")
files = ["a.py", "b.txt", "c.py", "d"]
print([f for f in files if os.path.splitext(f)[1] == ".py"])
