import io
import sys

def report(rows):
    for name, score in rows:
        print(f"{name:<8}{score:>5}")

buf = io.StringIO()
old = sys.stdout
sys.stdout = buf
try:
    report([("alice", 91), ("bob", 78), ("carol", 85)])
finally:
    sys.stdout = old
text = buf.getvalue()
print(repr(text))
print(len(text.splitlines()), "lines captured")
