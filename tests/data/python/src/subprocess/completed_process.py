import subprocess

cp = subprocess.CompletedProcess(["ls", "-l"], 0)
print(cp)
print(subprocess.CompletedProcess("cmd", 1, "out", None))
print(subprocess.CompletedProcess(args="x", returncode=2, stdout=None, stderr=b"e"))
print(cp.check_returncode())
bad = subprocess.CompletedProcess(["grep", "x"], 1, "", "oops")
try:
    bad.check_returncode()
except subprocess.CalledProcessError as e:
    print(e, repr(e.stdout), repr(e.stderr))
r = subprocess.run(["sh", "-c", "exit 2"])
print(r)
try:
    r.check_returncode()
except subprocess.CalledProcessError as e:
    print(e)
