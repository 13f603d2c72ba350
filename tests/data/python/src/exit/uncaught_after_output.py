import sys
print("stdout before error")
print("stderr before error", file=sys.stderr)
raise ValueError("boom")
