import subprocess

r = subprocess.run(["echo", "hello", "world"], capture_output=True, text=True)
print(r)
print(r.returncode, repr(r.stdout), repr(r.stderr))
print(r.args)
b = subprocess.run(["printf", "%s-%s", "a", "b"], capture_output=True)
print(b)
print(type(b.stdout).__name__, b.stdout.decode())
n = subprocess.run(["true"])
print(n, n.stdout, n.stderr)
