import subprocess

r = subprocess.run("echo out; echo err >&2; echo out2", shell=True,
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
print(repr(r.stdout), r.stderr)
r = subprocess.run("echo quiet; echo loud >&2", shell=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
print(r)
r = subprocess.run("echo gone >&2; echo kept", shell=True,
                   capture_output=False, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
print(r)
print(subprocess.PIPE, subprocess.STDOUT, subprocess.DEVNULL)
