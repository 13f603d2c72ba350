import os

os.mkdir("adir")
open("afile", "w").close()
attempts = [
    ("open missing", lambda: open("nope/x.txt")),
    ("open dir", lambda: open("adir")),
    ("mkdir existing", lambda: os.mkdir("afile")),
    ("listdir file", lambda: os.listdir("afile")),
    ("rmdir file", lambda: os.rmdir("afile")),
    ("remove dir", lambda: os.remove("adir")),
    ("file as dir", lambda: open("afile/child", "w")),
]
for label, fn in attempts:
    try:
        fn()
    except OSError as e:
        print(f"{label}: {type(e).__name__}: {e}")
