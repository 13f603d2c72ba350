import subprocess

out = subprocess.check_output("printf 'pear\\napple\\nfig\\n' | sort", shell=True, text=True)
print(repr(out))
count = subprocess.check_output("printf 'x\\ny\\nx\\n' | grep -c x", shell=True)
print(count, int(count))
r = subprocess.run("echo one; echo two >&2; exit 3", shell=True, capture_output=True, text=True)
print(r.returncode, repr(r.stdout), repr(r.stderr))
r = subprocess.run(["sh", "-c", "echo $0 $1 $2", "zero", "first", "second"],
                   stdout=subprocess.PIPE, text=True)
print(repr(r.stdout), r.stderr)
