import subprocess

tries = [
    lambda: subprocess.check_output(["echo"], stdout=subprocess.PIPE),
    lambda: subprocess.run(["cat"], input=b"x", stdin=subprocess.PIPE),
    lambda: subprocess.run(["echo"], capture_output=True, stdout=subprocess.PIPE),
    lambda: subprocess.run(["echo"], capture_output=True, stderr=subprocess.DEVNULL),
    lambda: subprocess.run(["echo"], text=True, universal_newlines=False),
    lambda: subprocess.check_output(["echo"], check=False),
]
for t in tries:
    try:
        t()
    except (ValueError, subprocess.SubprocessError) as e:
        print(type(e).__name__ + ":", e)
