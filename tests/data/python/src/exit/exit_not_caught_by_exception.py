import sys
try:
    sys.exit(7)
except Exception:
    print("never: SystemExit is not an Exception")
