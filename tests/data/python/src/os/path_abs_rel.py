import os

print(os.path.isabs("/etc"), os.path.isabs("etc"), os.path.isabs(""))
print(os.path.abspath("data/../logs"))
print(os.path.abspath("/tmp/./x"))
print(os.path.relpath("/work/case/src/app.py", "/work/case"))
print(os.path.relpath("/usr/lib", "/work/case/src"))
print(os.path.relpath("src/app.py"))
print(os.path.relpath("/work/case"))
print(os.path.relpath("a/b", "a/b"))
try:
    os.path.relpath("")
except ValueError as e:
    print(e)
print(os.path.commonpath(["/usr/lib/python3", "/usr/lib/x", "/usr/local"]))
print(os.path.commonpath(["a/b/c", "a/b/d"]), os.path.commonpath(["x"]))
print(os.path.commonprefix(["interstellar", "internet", "interval"]))
print(repr(os.path.commonprefix([])))
for bad in [[], ["/abs", "rel"]]:
    try:
        os.path.commonpath(bad)
    except ValueError as e:
        print(e)
