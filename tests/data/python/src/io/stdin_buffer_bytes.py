import sys
raw = sys.stdin.buffer.read()
print(raw)
print(len(raw), raw.decode("utf-8"))
sys.stdout.flush()
sys.stdout.buffer.write(b"bytes out\n")
sys.stdout.buffer.flush()
print("after buffer write")
