import subprocess

p = subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
print(p.returncode, p.args)
out, err = p.communicate("fed to cat\n")
print(repr(out), err, p.returncode)
p = subprocess.Popen(["sort", "-r"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
p.stdin.write(b"1\n3\n2\n")
p.stdin.close()
print(p.stdout.read())
print(p.wait(), p.returncode, p.poll())
p = subprocess.Popen("echo x; exit 6", shell=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
print(p.communicate(), p.returncode)
with subprocess.Popen(["echo", "ctx"], stdout=subprocess.PIPE, text=True) as q:
    print(repr(q.stdout.read()))
print(q.returncode)
