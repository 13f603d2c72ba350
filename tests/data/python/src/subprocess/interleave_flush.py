import subprocess
import sys

print("first", flush=True)
subprocess.run(["echo", "second"])
sys.stdout.write("third\n")
sys.stdout.flush()
subprocess.call("echo fourth", shell=True)
print("fifth")
sys.stdout.flush()
subprocess.run("echo sixth >&2", shell=True)
print("seventh", file=sys.stderr)
