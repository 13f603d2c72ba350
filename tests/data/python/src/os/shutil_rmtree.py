import os
import shutil

os.makedirs("build/lib/pkg")
open("build/lib/pkg/mod.py", "w").close()
open("build/log.txt", "w").close()
shutil.rmtree("build")
print(os.path.exists("build"))
shutil.rmtree("build", ignore_errors=True)
print("ignored")
seen = []
shutil.rmtree("build", onexc=lambda func, path, exc: seen.append((path, type(exc).__name__)))
print(seen)
open("plain", "w").close()
try:
    shutil.rmtree("plain")
except NotADirectoryError as e:
    print(e)
os.makedirs("again/x")
shutil.rmtree("again/")
print(os.path.exists("again"))
