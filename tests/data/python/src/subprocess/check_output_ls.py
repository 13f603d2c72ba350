import subprocess

for name in ["b.txt", "a.txt", "c.log"]:
    with open(name, "w") as f:
        f.write(name * 2 + "\n")
files = subprocess.check_output(["ls"], text=True).split()
print([f for f in files if f != "main.py"])
print(subprocess.check_output("ls *.txt", shell=True, text=True), end="")
print(subprocess.check_output(["wc", "-c", "a.txt"], text=True), end="")
print(subprocess.run(["grep", "-l", "c.log", "a.txt", "c.log"], capture_output=True, text=True).stdout, end="")
r = subprocess.run(["grep", "zzz", "a.txt"], capture_output=True)
print(r.returncode, r.stdout)
r = subprocess.run(["cat", "missing.txt"], capture_output=True, text=True)
print(r.returncode, r.stdout == "", "missing.txt" in r.stderr)
