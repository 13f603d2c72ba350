#!/usr/bin/env python3
"""Records GNU coreutils 9.1 / GNU bc output for the small commands (join, split, shuf, bc).

Each case is a shell script run by real bash (LC_ALL=C) in an empty directory seeded with
`files`, with `stdin` on standard input; its stdout, stderr and status are recorded. The test
tests/smallcmds.rs runs the same script through `shellsim -c` in /work/t.
Run: python3 tests/smallcmds/record.py > tests/smallcmds/cases.jsonl
"""
import json, os, random, subprocess, tempfile

rng = random.Random(20261130)
cases = []


def case(script, files=None, stdin=""):
    files = files or {}
    d = tempfile.mkdtemp()
    for name, text in files.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    env = {"LC_ALL": "C", "PATH": "/usr/bin:/bin", "HOME": d}
    r = subprocess.run(["bash", "-c", script], cwd=d, input=stdin.encode(),
                       capture_output=True, env=env)
    cases.append({"script": script, "files": files, "stdin": stdin,
                  "stdout": r.stdout.decode(), "stderr": r.stderr.decode(),
                  "status": r.returncode})


# ---- join
keys = ["a", "b", "c", "d", "e", "A", "B", ""]
def jfile(sep=" "):
    ks = sorted(rng.choice(keys) for _ in range(rng.randint(0, 6)))
    if rng.random() < 0.15:
        rng.shuffle(ks)
    lines = []
    for k in ks:
        nf = rng.randint(0, 3)
        lines.append(sep.join([k] + [rng.choice(["1", "2", "x", "yy", ""]) for _ in range(nf)]))
    return "".join(l + "\n" for l in lines)

jflags = [[], ["-a1"], ["-a2"], ["-a1", "-a2"], ["-v1"], ["-v2"], ["-v1", "-v2"], ["-i"],
          ["-e", "E", "-o", "auto"], ["-o", "0,1.2,2.2"], ["-o", "2.1 1.3", "-e", "-"],
          ["-1", "2", "-2", "1"], ["-j", "2"], ["--check-order"], ["--nocheck-order"],
          ["--header"], ["-e", "N", "-a1", "-o", "1.1,2.2"], ["-o", "0", "-a2"]]
for _ in range(120):
    sep = rng.choice([" ", " ", ","])
    f = rng.choice(jflags)
    t = ["-t", ","] if sep == "," else []
    argv = ["join"] + t + f + ["a", "b"]
    case(" ".join("'%s'" % a for a in argv), {"a": jfile(sep), "b": jfile(sep)})
for s in ["join - b < a", "join a - < b", "join - -", "join a", "join", "join a b c",
          "join nofile b", "join -a 3 a b", "join -1 0 a b", "join -o 1.0 a b",
          "join -o x a b", "join -e a -e b a b", "join -t ab a b", "join -t , -t : a b",
          "join -x a b", "join -z a b | od -c", "join -t '' a b", "join '-t\\0' a b | od -c",
          "join --header -o auto /dev/null b", "join -j1 a b", "join --check-order b a",
          "join -v 1 --header a b"]:
    case(s, {"a": "a 1\nb  2 3\n c 3\n", "b": "a x\nc y\nB q\nd z\n"})


if __name__ == "__main__":
    for c in cases:
        print(json.dumps(c))
