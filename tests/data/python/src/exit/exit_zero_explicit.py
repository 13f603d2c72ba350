import sys
print("all good")
sys.exit(0)
