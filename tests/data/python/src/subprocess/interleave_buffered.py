import subprocess

# stdout is a pipe: print() output stays in Python's buffer while the child writes
# straight to the descriptor, so the child's lines come first.
print("python line 1")
subprocess.run(["echo", "child line 1"])
print("python line 2")
subprocess.run("echo child line 2", shell=True)
print("python line 3")
