import subprocess

try:
    subprocess.run(["nosuchcmd", "arg"])
except FileNotFoundError as e:
    print(type(e).__name__, e)
    print(e.errno, e.strerror, e.filename)
try:
    subprocess.check_output(["no-such-tool"])
except OSError as e:
    print(e)
r = subprocess.run("nosuchcmd 2>/dev/null", shell=True)
print(r.returncode)
try:
    subprocess.run(["ls"], cwd="no_such_dir")
except FileNotFoundError as e:
    print(e)
