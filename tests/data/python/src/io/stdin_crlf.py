import sys
data = sys.stdin.read()
print(repr(data))
print(data.splitlines())
print([l for l in data.split("\n")])
