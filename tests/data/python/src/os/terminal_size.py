import os
import shutil

try:
    os.get_terminal_size()
    print("tty")
except OSError:
    print("not a terminal")
os.environ.pop("COLUMNS", None)
os.environ.pop("LINES", None)
print(shutil.get_terminal_size())
print(shutil.get_terminal_size((120, 40)))
os.environ["COLUMNS"] = "100"
size = shutil.get_terminal_size()
print(size.columns, size.lines, size)
