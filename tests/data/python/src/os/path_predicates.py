import os

os.mkdir("dir")
with open("file.txt", "w") as f:
    f.write("12345")
os.symlink("file.txt", "ln")
os.symlink("dir", "dln")
for p in ["dir", "file.txt", "ln", "dln", "missing"]:
    print(f"{p:9} exists={os.path.exists(p)!s:5} file={os.path.isfile(p)!s:5} "
          f"dir={os.path.isdir(p)!s:5} link={os.path.islink(p)}")
print(os.path.getsize("file.txt"), os.path.getsize("ln"))
print(isinstance(os.path.getmtime("file.txt"), float))
print(os.path.ismount("/"), os.path.ismount("dir"))
print(os.path.isjunction("dir"), os.path.lexists("ln"))
