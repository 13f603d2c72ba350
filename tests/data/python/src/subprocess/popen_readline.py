import subprocess

p = subprocess.Popen(["printf", "alpha\\nbeta\\ngamma\\n"], stdout=subprocess.PIPE, text=True)
first = p.stdout.readline()
print(repr(first))
for line in p.stdout:
    print("line:", line.rstrip())
print(p.wait())
p = subprocess.Popen(["printf", "x\\ny\\n"], stdout=subprocess.PIPE)
print(p.stdout.readlines())
print(p.wait(), p.stderr, p.stdin)
