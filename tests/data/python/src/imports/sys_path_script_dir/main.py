import sys
print(sys.path[0])
print(__file__)
import sub.mod
print(sub.mod.where())
