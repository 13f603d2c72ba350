import sys
header = sys.stdin.readline()
print("header:", repr(header))
rest = sys.stdin.readlines()
print("rest:", rest)
print("eof:", repr(sys.stdin.readline()))
