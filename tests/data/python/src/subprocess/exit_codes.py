import subprocess

for code in (0, 1, 2, 7, 255):
    print(code, subprocess.call(["sh", "-c", "exit %d" % code]))
print(subprocess.call("exit 300", shell=True))
print(subprocess.check_call(["true"]))
try:
    subprocess.check_call(["sh", "-c", "exit 4"])
except subprocess.CalledProcessError as e:
    print(e)
    print(e.output, e.stderr)
try:
    subprocess.check_call("exit 9", shell=True)
except subprocess.CalledProcessError as e:
    print(e.cmd, e.returncode)
