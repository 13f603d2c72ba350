import subprocess

r = subprocess.run(["printf", "a\\r\\nb\\rc\\n"], capture_output=True, text=True)
print(repr(r.stdout))
r = subprocess.run(["printf", "a\\r\\nb\\n"], capture_output=True)
print(repr(r.stdout))
r = subprocess.run(["printf", "caf\\303\\251\\n"], capture_output=True, encoding="utf-8")
print(repr(r.stdout))
r = subprocess.run(["printf", "\\377x\\n"], capture_output=True, text=True, errors="replace")
print(repr(r.stdout))
r = subprocess.run(["echo", "un"], stdout=subprocess.PIPE, universal_newlines=True)
print(repr(r.stdout))
try:
    subprocess.run(["printf", "\\377"], capture_output=True, text=True)
except UnicodeDecodeError as e:
    print(type(e).__name__, e)
