import io
import sys

err = io.StringIO()
saved = sys.stderr
sys.stderr = err
print("warning: disk almost full", file=sys.stderr)
sys.stderr = saved
print("captured:", err.getvalue().strip())
print(type(err).__name__, type(err).__module__)
print(issubclass(io.StringIO, io.TextIOBase), issubclass(io.BytesIO, io.BufferedIOBase))
print(io.SEEK_SET, io.SEEK_CUR, io.SEEK_END)
