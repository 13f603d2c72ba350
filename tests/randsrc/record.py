#!/usr/bin/env python3
"""Records GNU coreutils 9.1 output for `sort -R` and `shuf` with `--random-source=FILE`.

With a random source file both tools are deterministic: `sort -R` orders keys by the MD5 of the
file's first 16 bytes followed by the key, and `shuf` draws gnulib randint numbers from the
file's bytes in order. Each case is a shell script run by real bash (LC_ALL=C) in an empty
directory seeded with `files`, with `stdin` on standard input; stdout, stderr and the status
are recorded. tests/randsrc.rs runs the same script through `shellsim -c` in /work/t.
Run: python3 tests/randsrc/record.py > tests/randsrc/cases.jsonl
"""
import json, os, random, subprocess, tempfile

rng = random.Random(20261201)
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


def noise(n):
    return "".join(chr(rng.randrange(32, 127)) for _ in range(n))


# Sources made by the scripts themselves keep the recorded files small.
MAKE = ("seq -f %.3f 1 0.37 9999 > big; seq 100000 | tac > big2; "
        "printf 'fifteen bytes..' > short; mkdir d; ")

# ---- sort -R
words = ["apple", "Apple", "APPLE", "banana", "cherry", "b", "a", "", "x y", "  lead",
         "tab\there", "z9", "Z9", "9", "10", "-3", "ap ple", "dup", "dup", "dup", "!mark", "a.b"]
def table(n):
    rows = []
    for _ in range(n):
        cols = [rng.choice(words).replace(" ", "") or "e" for _ in range(rng.randint(1, 4))]
        rows.append(rng.choice([" ", "  ", "\t", ":"]).join(cols))
    return "\n".join(rows) + "\n"
sort_opts = ["-R", "-R -f", "-R -u", "-Ru -f", "-R -r", "-R -k2", "-k2,2R", "-k2,2R -k1,1",
             "-k1,1R -k2,2r", "-R -k1,1 -s", "-R -k1,1", "-R -k1,1 -u", "-R -d", "-R -i",
             "-R -b -k2", "-R -t: -k2,2", "-t: -k2R", "-RV", "-k1R,1 -r", "-R -k3,3 -k1,1",
             "-R -s -r -k2,2", "-Rfd", "-k1.2,1.3R", "-k2bR"]
for i in range(80):
    files = {"in": table(rng.randint(1, 40)), "src": noise(rng.randint(16, 64))}
    src = rng.choice(["src", "src", "big", "big2", "in", "/dev/zero"])
    opts = sort_opts[i % len(sort_opts)]
    case(MAKE + "sort %s --random-source=%s in" % (opts, src), files)
lines = {"in": "".join("%s\n" % w for w in words), "src": noise(40)}
for s in ["sort -R --random-source=src in", "sort --random-sort --random-source src in",
          "sort -R --random-source=src --random-source=src in",
          "printf 'b\\0a\\0c\\0a\\0' | sort -zR --random-source=src | od -c",
          "sort -R --random-source=src in in | uniq -c",
          "sort -R --random-source=src -o out in; cat out",
          "sort -R --random-source=src in > o1; sort -R --random-source=src o1 > o2; cmp o1 o2 && echo same",
          "sort -R --random-source=src in | sort -c -R --random-source=src; echo $?",
          "sort -c -R --random-source=src in; echo $?",
          "sort -C -R --random-source=src in; echo $?",
          "sort -R --random-source=short in", "sort -R --random-source=nope in",
          "sort -R --random-source=d in", "sort -R --random-source=src --random-source=big in",
          "sort --random-source=nope in | head -3", "sort -R --random-source=nope /dev/null",
          "sort -R -k1n --random-source=nope in | head -3", "sort -nR --random-source=src in",
          "sort -MR in", "sort -gR in", "sort -hR in", "sort -k1,1Rn in", "sort -Mdr in",
          "sort -R --random-source=short /dev/null", "sort -c -R --random-source=nope a b",
          "sort -R --random-source=src nofile", "sort -R --random-source=/dev/null in",
          "sort -R --random-source=src -k1,1 -u in", "sort -R --random-source=src -k 1.1,1.1 in",
          "printf 'x\\n' | sort -R --random-source=src", "sort -R --random-source= in",
          "sort -k1R in --random-source=big | head -4", "sort -R in --random-source=big -r"]:
    case(MAKE + s, lines)

# ---- shuf
for i in range(70):
    files = {"src": noise(rng.randint(1, 80))}
    src = rng.choice(["src", "big", "big2", "/dev/zero"])
    lo = rng.choice([0, 1, 5, 100, 4294967290])
    hi = lo + rng.choice([0, 1, 2, 9, 255, 256, 1000, 65536, 10**9, 10**12])
    n = rng.choice(["", "", "-n 1", "-n 5", "-n 30", "-n 0"])
    r = rng.choice(["", "", "-r -n 25", "-r -n 3"])
    if (hi - lo > 5000 and not n and not r):
        n = "-n 40"
    case(MAKE + "shuf %s %s -i %d-%d --random-source=%s" % (n, r, lo, hi, src), files)
for i in range(60):
    nl = rng.randint(0, 60)
    text = "".join("line %d %s\n" % (j, rng.choice(words)) for j in range(nl))
    if rng.random() < 0.3:
        text += "no newline"
    files = {"f": text, "src": noise(rng.randint(1, 300))}
    src = rng.choice(["src", "big", "big2", "/dev/zero"])
    n = rng.choice(["", "-n 1", "-n 3", "-n 10", "-n 100", "-n 0"])
    r = rng.choice(["", "", "", "-r -n 12"])
    how = rng.choice(["shuf %s f", "shuf %s < f", "cat f | shuf %s", "shuf %s - < f"])
    case(MAKE + (how % ("%s %s --random-source=%s" % (n, r, src))), files)
for s in ["shuf -e a b c d e f g --random-source=big", "shuf -e --random-source=nope",
          "shuf -n 2 -e a b c d --random-source=big2", "shuf -z -e a b c --random-source=big | od -c",
          "shuf -r -n 9 -e x y --random-source=big", "shuf -r -e --random-source=big",
          "shuf -r -n0 -e --random-source=big", "shuf -r -e --random-source=nope",
          "shuf -n0 -r -e --random-source=nope", "shuf -n0 -e a --random-source=nope",
          "shuf -n0 -i 1-5 --random-source=nope", "seq 5 | shuf -n 0 --random-source=nope",
          "shuf --random-source=nope -n 2 < /dev/null", "printf '' | shuf --random-source=nope -n 2",
          "shuf -e a b --random-source=short", "shuf -e a --random-source=/dev/null",
          "shuf -e a b --random-source=/dev/null", "shuf -r -n 100 -i 1-10 --random-source=short",
          "shuf -i 1-1000 --random-source=short | head -2", "shuf -e a b --random-source=d",
          "shuf -e a b --random-source=big --random-source=big2",
          "shuf -e a b --random-source=big --random-source=big",
          "seq 3000 | shuf -n 4 --random-source=big", "seq 3000 | shuf -n 4 --random-source=short",
          "seq 20 | shuf -n 20 --random-source=big", "seq 19 | shuf -n 20 --random-source=big",
          "seq 20 | shuf -n 20 --random-source=short",
          "seq 300 > f; shuf -n 4 f --random-source=big; shuf -n 4 --random-source=big < f",
          "shuf -o out -i 1-20 --random-source=big; cat out",
          "shuf -o out -r -n 50 -i 1-20 --random-source=short; echo $?; cat out",
          "shuf -o /nonexist/x -i 1-5 --random-source=big", "shuf -i 1-5 nofile --random-source=big",
          "shuf nofile --random-source=nope", "shuf -n 3 nofile --random-source=nope",
          "shuf -i 0-18446744073709551614 -n 3 --random-source=big",
          "shuf -i 18446744073709551610-18446744073709551615 --random-source=big",
          "shuf -r -i 0-18446744073709551614 -n 3 --random-source=big2",
          "shuf -n 3 --random-source=big /proc/self/status | wc -l",
          "shuf -i 1-3 --random-source=big -n 2 -n 1"]:
    case(MAKE + s, {"src": noise(50)})

for c in cases:
    print(json.dumps(c))
