import sys
try:
    sys.exit(9)
except SystemExit as e:
    print("caught SystemExit with code", e.code, e.args)
try:
    sys.exit("msg")
except BaseException as e:
    print(type(e).__name__, repr(e.code))
print("still running")
sys.exit(5)
