import errno
import os

print(errno.errorcode[errno.ENOENT], errno.errorcode[errno.EEXIST])
print(errno.errorcode[errno.ENOTEMPTY], errno.errorcode[errno.EACCES])
try:
    os.remove("ghost")
except OSError as e:
    if e.errno == errno.ENOENT:
        print("no such file, as expected")
    print(errno.errorcode[e.errno])
os.mkdir("d")
try:
    os.mkdir("d")
except OSError as e:
    print(e.errno == errno.EEXIST, os.strerror(e.errno))
print(os.strerror(errno.ENOTDIR), "|", os.strerror(errno.EISDIR))
print(os.strerror(errno.ENOTEMPTY), "|", os.strerror(errno.EACCES))
print("EPERM" in dir(errno), hasattr(errno, "EWOULDBLOCK"))
