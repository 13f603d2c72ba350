from tools import *
print(slugify("Hello World Again"), VERSION)
print(sorted(name for name in globals() if not name.startswith("__")))
