import sys
def risky():
    return {}["key"]
try:
    risky()
except KeyError as e:
    print(f"error: missing key {e}", file=sys.stderr)
    sys.exit(1)
