import fnmatch

names = ["main.py", "test_main.py", "README.md", "setup.cfg", "data_01.csv",
         "data_2.csv", ".env", "Makefile"]
print(fnmatch.filter(names, "*.py"))
print(fnmatch.filter(names, "test_*"))
print(fnmatch.filter(names, "data_[0-9][0-9].csv"))
print(fnmatch.filter(names, "[!.]*.*"))
print(fnmatch.filter(names, "*"))
print(fnmatch.fnmatch("README.md", "*.MD"), fnmatch.fnmatchcase("README.md", "*.MD"))
print(fnmatch.fnmatch("a/b/c.txt", "*.txt"), fnmatch.fnmatch("x", "?"), fnmatch.fnmatch("xy", "?"))
print(fnmatch.fnmatch("[ok]", "[[]ok]"), fnmatch.fnmatch("a-b", "a[-]b"))
print(fnmatch.fnmatch("file.", "*.*"), fnmatch.fnmatch("unclosed[", "unclosed["))
