import subprocess

r = subprocess.run(["sort"], input="banana\napple\ncherry\n", capture_output=True, text=True)
print(r.stdout, end="")
r = subprocess.run(["tr", "a-z", "A-Z"], input=b"shout\n", stdout=subprocess.PIPE)
print(r.stdout)
r = subprocess.run(["wc", "-l"], input=b"", capture_output=True)
print(r.stdout.split())
out = subprocess.check_output(["cat"], input="through cat", text=True)
print(repr(out))
print(repr(subprocess.check_output(["cat"], input=None)))
