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

# ---- split (the script lists what it made)
SHOW = '; echo "rc=$?"; for f in $(ls | grep -v "^in$"); do echo "== $f"; od -An -c "$f"; done'
split_inputs = {
    "lines": "".join("line %d\n" % i for i in range(1, 24)),
    "ragged": "a\nbbbbbbbbbb\nc\nd\nlong line here\n\nx",
    "short": "12",
    "empty": "",
}
for args in ["-l 5", "-l 1 -a 1", "-b 7", "-b 1K", "-b 10 -d", "-b 10 -x", "-C 6", "-C 4",
             "-C 11", "-n 3", "-n 5", "-n 7", "-n 1", "-n l/3", "-n l/5", "-n l/9", "-n l/1",
             "-n r/3", "-n r/4 -e", "-n 5 -e", "-n l/9 -e", "-n 2/3", "-n l/2/3", "-n l/3/4",
             "-n r/2/3", "-n 30", "-l 3 --additional-suffix=.txt", "--numeric-suffixes=7 -l 4",
             "--numeric-suffixes=98 -l 2", "--hex-suffixes=9 -l 5", "-d -n 12",
             "-a 3 -l 10", "-a 1 -n 30", "--verbose -l 10", "-t , -l 1", "-l 6 in pre_",
             "-l 6 - out", "-e -l 4", "-u -l 12"]:
    for name, text in split_inputs.items():
        if name == "empty" and "-n" not in args and rng.random() < 0.5:
            continue
        case("split " + args + (" in" if " - " not in args + " " and "in" not in args.split() else "") + SHOW,
             {"in": text}, stdin=text)
for s in ["split -l 0 in", "split -b 0 in", "split -n 0 in", "split -l x in", "split -b 1X in",
          "split -b 1B in", "split -b 1Y in", "split -d -x -l 30 in", "split -n 3 -l 2 in",
          "split -n 11/10 in", "split -n l/0 in", "split in a b", "split nofile",
          "split --numeric-suffixes=x in", "split -a x in", "split -t ab in", "split -t '' in",
          "split -t , -t : in", "split -l 1 -a 1 in; echo $?; ls | wc -l",
          "split -n 500 -a 1 in", "split --numeric-suffixes=123 -a 2 in", "split -q in",
          "printf 'a\\nb\\n' | split -n 2; ls", "split -b 1KiB in; ls", "split -b 2kB in; ls",
          "split -l 2 in; cat xaa xab"]:
    case(s, {"in": "".join("%d\n" % i for i in range(1, 31))})
# ---- shuf (random order: scripts compare sorted output, counts and error paths)
shuf_in = {"f": "".join("w%d\n" % i for i in range(1, 40)) + "last"}
for s in ["shuf f | sort", "shuf < f | sort", "shuf -n 5 f | wc -l", "shuf -n 0 f",
          "shuf -n 100 f | sort", "shuf -e a b c 'd e' | sort", "shuf -e", "shuf -i 1-20 | sort -n",
          "shuf -i 5-4", "shuf -i 3-3", "shuf -i 1-1000000000000 -n 4 | wc -l",
          "shuf -r -n 7 -e x", "shuf -r -n 50 -i 1-3 | sort -u", "shuf -z -e a b | sort -z | od -c",
          "shuf -o out f; sort out", "shuf -o f f; sort f | head -3", "shuf -i 5-3", "shuf -i x",
          "shuf -i 1-3 -e a", "shuf -i 1-3 f", "shuf -n x f", "shuf -n -1 f", "shuf f g",
          "shuf -r -n 2 /dev/null", "shuf -r /dev/null", "shuf -n 2 -n 1 -e a a a",
          "shuf -i 1-2 -i 3-4", "shuf nofile", "shuf -r -e a b | head -n 20 | sort -u",
          "printf 'p\\nq\\n' | shuf | sort"]:
    case(s, shuf_in)
# ---- bc (programs on stdin or in files)
bc_progs = [
    "1+2", "2-5", "3*4", "7/2", "scale=2; 7/2", "scale=3; 1/3", "-0.5", "0.00", "1.0", "7 % 3",
    "scale=2; 7.5 % 2", "2^-2", "scale=2;2^-2", "1.5^3", "sqrt(2)", "scale=5; sqrt(2)",
    "scale=30; sqrt(2)", "a=1<2; a", "-2^2", "x = 3; x++; x; ++x; x--; --x", "10/3",
    "print 1, \"a\\n\"", "if (1) 5 else 6", "if (0) 5 else 6", "define f(x) { return x*2; }; f(4)",
    "2^300", "2^1000", "scale=0; -7/2", "-7%2", "!0", "3 && 0", "0 || 2", "quit; 5", "5; quit",
    "length(0.05)", "length(0)", "length(123.450)", "scale(1.50)", "1.000 * 2.5", "scale=1; 1.25*1.25",
    "scale=10; 1.25*1.25", "99999999999999999999*99999999999999999999", "123456789 % 1000",
    "scale=100; 1/7", "scale=200; 2/3", "a=5; a+=2; a; a-=1; a; a*=3; a; a/=4; a; a%=2; a; a^=3; a",
    "for (i=0; i<5; i++) i*i", "i=0; while (i < 3) { i; i = i + 1 }",
    "for (i=0; ; i++) { if (i == 4) break; if (i == 1) continue; i }",
    "define fact(n) { if (n < 2) return 1; return n * fact(n-1); }\nfact(30)",
    "define f(n) { auto t; t = n; n = 1; return t + n; }\nn = 9; f(4); n",
    "\"hello\\n\"", "print \"x=\", 3, \"\\n\"", "/* comment */ 1 # more", "x", "last",
    "1 +", "1\n1 +\n2", "scale=4; 3.14159 * 2", "(1+2)*3", "1 == 1.0", "2 != 2",
    "0.1 + 0.2 == 0.3", "1 <= 0", "-3 > -4", "scale=20; 10^-5", "10^20", "-1^3", "(-2)^3",
    "scale=3; -1/3", "scale=5; 10 % 3.3",
]
for prog in bc_progs:
    case("bc", {}, stdin=prog + "\n")
case("bc f", {"f": "1+1\nscale=2\n"}, stdin="1/3\n")
case("bc f g", {"f": "a=2\n", "g": "a*3\n"}, stdin="")
case("bc nofile", {}, stdin="")
case("bc 2>/dev/null", {}, stdin="1/0\n2\n")
case("echo 'scale=5; 1/3' | bc -q", {})
case("bc -l <<< 'scale'", {})

# ---- utilities that run a command: GNU's own words when it cannot be run
exec_files = {"notexec": "echo hi\n"}
for script in [
    "env nosuch; echo $?",
    "env ./sub; echo $?",
    "env ./notexec; echo $?",
    "env -i nosuch; echo $?",
    "echo b a | env -i tr a-z A-Z; echo $?",
    "env -i A=1 printenv; echo $?",
    "nice nosuch; echo $?",
    "nice -n 5 ./sub; echo $?",
    "nohup nosuch; echo $?",
    "nohup ./notexec; echo $?",
    "timeout 1 nosuch; echo $?",
    "timeout 5 ./sub; echo $?",
    "printf 'a\\nb\\n' | xargs -n1 nosuch; echo $?",
    "echo x | xargs ./notexec; echo $?",
    "find . -name notexec -exec nosuch {} \\; ; echo $?",
    "find . -name notexec -exec nosuch {} + ; echo $?",
    "find . -name notexec -exec ./sub {} \\; -print; echo $?",
]:
    case("mkdir sub; " + script, exec_files)

# ---- grep -r: the names it prints for each way of naming the directory
grep_setup = "mkdir -p d/src d/.h; echo TODO > d/src/a; echo TODO > d/.h/b; echo no > d/c; ln -s d l; cd d; "
for script in [
    "grep -r TODO .", "grep -r TODO ./", "grep -r TODO", "grep -rn TODO src", "grep -r TODO src/",
    "grep -r TODO ./src/../src", "cd src; grep -r TODO ..", "grep -rl TODO ../d", "grep -r TODO ../l",
    "grep -rc TODO .", "grep -rL TODO .", "grep -rh TODO .", "grep -r --include=a TODO .",
    "grep -r --exclude-dir=.h TODO .", "grep -R TODO ..",
    "ln -s .. src/up; ln -s . src/self; { grep -R TODO . 2>&1; grep -R TODO src 2>&1; }",
    "mkdir -p x/y; ln -s ../../src x/y/s; grep -R TODO x",
]:
    case(grep_setup + script + " | sort; echo rc=${PIPESTATUS[0]}", {})

# ---- the names bash gives process substitutions (63, then 62, ...)
for script in ["echo <(true) <(true) <(true)", "diff -q <(echo a) <(echo b)",
               "exec 63>/dev/null; echo <(true)"]:
    case(script, {})

if __name__ == "__main__":
    for c in cases:
        print(json.dumps(c))
