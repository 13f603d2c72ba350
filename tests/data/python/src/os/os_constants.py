import os

print(repr(os.sep), repr(os.altsep), repr(os.linesep), repr(os.pathsep))
print(os.curdir, os.pardir, os.extsep, os.devnull, os.name)
print(os.path.sep, os.path.curdir, os.path is os.path)
import os.path
import posixpath
print(os.path is posixpath, os.path.__name__)
print(os.F_OK, os.R_OK, os.W_OK, os.X_OK)
print(os.SEEK_SET, os.SEEK_CUR, os.SEEK_END)
print(callable(os.getpid), isinstance(os.getpid(), int), os.getpid() > 0)
print(isinstance(os.cpu_count(), int))
