import sys
print("working")
sys.exit("fatal: bad config")
