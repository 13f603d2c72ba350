import sys
data = sys.stdin.read()
print(repr(data), len(data))
print(sys.stdin.readline() == "")
for line in sys.stdin:
    print("never")
print("done")
