import os
import stat

with open("script.sh", "w") as f:
    f.write("#!/bin/sh\necho hi\n")
os.chmod("script.sh", 0o755)
print(oct(os.stat("script.sh").st_mode & 0o777))
print(stat.filemode(os.stat("script.sh").st_mode))
os.chmod("script.sh", stat.S_IRUSR | stat.S_IWUSR)
print(oct(stat.S_IMODE(os.stat("script.sh").st_mode)))
print(stat.filemode(os.stat("script.sh").st_mode))
mode = os.stat("script.sh").st_mode
os.chmod("script.sh", mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
print(stat.filemode(os.stat("script.sh").st_mode))
os.mkdir("d")
os.chmod("d", 0o700)
print(stat.filemode(os.stat("d").st_mode))
