import sys
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)

print(depth(500))
def forever(n):
    return forever(n + 1)
try:
    forever(0)
except RecursionError as e:
    print("RecursionError:", e)
print(sys.getrecursionlimit())
