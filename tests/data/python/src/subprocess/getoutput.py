import subprocess

print(repr(subprocess.getoutput("echo hi")))
print(repr(subprocess.getoutput("echo a; echo b >&2")))
print(subprocess.getstatusoutput("echo out; exit 4"))
print(subprocess.getstatusoutput("true"))
print(subprocess.getstatusoutput("printf 'no newline'"))
print(subprocess.getstatusoutput("printf 'two\\n\\n'"))
