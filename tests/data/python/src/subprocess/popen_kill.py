import subprocess

p = subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
p.kill()
print(p.wait(), p.returncode)
print(p.communicate())
q = subprocess.Popen(["cat"], stdin=subprocess.PIPE)
q.terminate()
print(q.wait())
r = subprocess.Popen(["sleep", "3"], stdin=subprocess.PIPE)
try:
    r.communicate(timeout=0.2)
except subprocess.TimeoutExpired as e:
    print(type(e).__name__, e.cmd)
    r.kill()
    print(r.communicate(), r.returncode)
print(subprocess.Popen(["true"]).wait())
