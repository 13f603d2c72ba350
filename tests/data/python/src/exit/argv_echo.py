import sys
print(sys.argv)
print(len(sys.argv) - 1, "args")
