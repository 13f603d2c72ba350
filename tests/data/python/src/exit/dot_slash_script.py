import sys
print(sys.argv, __file__)
raise RuntimeError("path check")
