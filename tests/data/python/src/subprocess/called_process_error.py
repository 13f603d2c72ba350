import subprocess

try:
    subprocess.run(["false"], check=True)
except subprocess.CalledProcessError as e:
    print(type(e).__name__, e)
    print(e.returncode, e.cmd, e.output, e.stdout, e.stderr)
    print(e.args)
try:
    subprocess.check_output("echo partial; exit 5", shell=True, text=True)
except subprocess.CalledProcessError as e:
    print(e)
    print(repr(e.output), repr(e.stdout))
    print(isinstance(e, subprocess.SubprocessError), issubclass(subprocess.SubprocessError, Exception))
print(subprocess.CalledProcessError(-9, ["sleep", "9"]))
print(subprocess.CalledProcessError(-99, "x"))
print(subprocess.CalledProcessError(2, "ls nothing", output=b"o", stderr=b"e").stderr)
