import os
import shutil
import stat

os.makedirs("bin1")
os.makedirs("bin2")
with open("bin2/mytool", "w") as f:
    f.write("#!/bin/sh\n")
with open("bin1/mytool", "w") as f:
    f.write("not executable")
os.chmod("bin2/mytool", 0o755)
search = os.pathsep.join([os.path.abspath("bin1"), os.path.abspath("bin2")])
print(shutil.which("mytool", path=search) == os.path.abspath("bin2/mytool"))
print(shutil.which("absent-tool", path=search))
print(shutil.which("bin2/mytool"), shutil.which("bin1/mytool"))
print(shutil.which("mytool", path=""))
print(os.access("bin2/mytool", os.X_OK), os.access("bin1/mytool", os.X_OK))
print(os.access("bin1/mytool", os.R_OK | os.W_OK), os.access("none", os.F_OK))
