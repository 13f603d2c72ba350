import sys
print("exit 256 wraps to 0")
sys.exit(256)
