import os
import subprocess

os.makedirs("sub/inner", exist_ok=True)
with open("sub/note.txt", "w") as f:
    f.write("note\n")
print(subprocess.run(["ls"], cwd="sub", capture_output=True, text=True).stdout, end="")
print(subprocess.check_output(["cat", "note.txt"], cwd="sub"))
env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "GREETING": "hi there"}
print(subprocess.check_output("echo $GREETING", shell=True, env=env, text=True), end="")
os.environ["FROM_PARENT"] = "inherited"
print(subprocess.check_output("echo $FROM_PARENT", shell=True, text=True), end="")
print(subprocess.run("echo ${FROM_PARENT:-unset}", shell=True, env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
                     capture_output=True, text=True).stdout, end="")
os.chdir("sub")
print(subprocess.check_output(["ls"], text=True).split())
