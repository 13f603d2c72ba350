import subprocess

try:
    subprocess.run(["sleep", "3"], capture_output=True, timeout=0.25)
except subprocess.TimeoutExpired as e:
    print(type(e).__name__, e)
    print(e.timeout, e.cmd, e.output, e.stdout, e.stderr)
    print(isinstance(e, subprocess.SubprocessError))
try:
    subprocess.check_output("echo early; sleep 3", shell=True, timeout=1)
except subprocess.TimeoutExpired as e:
    print(e)
    print(e.output)
r = subprocess.run(["echo", "fast"], capture_output=True, text=True, timeout=5)
print(r.stdout, end="")
print(subprocess.TimeoutExpired(["x"], 2.5))
