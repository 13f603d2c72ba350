import os.path

print(os.path.join("a", "b", "c.txt"))
print(os.path.join("/usr", "lib", "/etc", "passwd"))
print(os.path.join("dir/", "file"))
print(os.path.join("a", ""))
print(os.path.join("", "b"))
print(os.path.split("/home/user/file.tar.gz"))
print(os.path.split("file"), os.path.split("/"), os.path.split("a/b/"))
print(os.path.split("//x"), os.path.split("a//b"))
print(os.path.basename("/x/y/z.py"), os.path.dirname("/x/y/z.py"))
print(repr(os.path.basename("dir/")), repr(os.path.dirname("file")))
print(os.path.dirname("/"), os.path.dirname("/top"))
print(os.path.splitdrive("/a/b"))
