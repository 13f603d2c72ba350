import sys
from contextlib import redirect_stdout, redirect_stderr

class Capture:
    def __init__(self):
        self.parts = []
    def write(self, text):
        self.parts.append(text)
        return len(text)
    def flush(self):
        pass
    def getvalue(self):
        return "".join(self.parts)

buf = Capture()
with redirect_stdout(buf):
    print("captured line 1")
    print("captured", "line", 2)
print("captured text:", repr(buf.getvalue()))

err = Capture()
with redirect_stderr(err) as target:
    print("to stderr", file=sys.stderr)
print(target is err, repr(err.getvalue()))

def noisy():
    print("noise")
    return 42

out = Capture()
original = sys.stdout
with redirect_stdout(out):
    result = noisy()
print(result, out.getvalue().strip(), sys.stdout is original)
