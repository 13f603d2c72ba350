import os

for p in ["a/./b/../c", "/a//b///c/", "../x/../../y", "", ".", "//double/slash",
          "///triple", "a/b/../../..", "/..", "/../a", "./", "x/y/./"]:
    print(repr(p), "->", repr(os.path.normpath(p)))
