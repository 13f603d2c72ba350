import os
import shutil

with open("config.ini", "w") as f:
    f.write("[main]\nkey = value\n")
os.chmod("config.ini", 0o640)
print(shutil.copyfile("config.ini", "config.bak"))
print(open("config.bak").read() == open("config.ini").read())
os.mkdir("backup")
print(shutil.copy("config.ini", "backup"))
print(oct(os.stat("backup/config.ini").st_mode & 0o777))
print(shutil.copy2("config.ini", "backup/c2.ini"))
print(os.stat("backup/c2.ini").st_mtime == os.stat("config.ini").st_mtime)
try:
    shutil.copyfile("config.ini", "config.ini")
except shutil.SameFileError as e:
    print("same:", e)
try:
    shutil.copy("nope.ini", "backup")
except FileNotFoundError as e:
    print(e)
