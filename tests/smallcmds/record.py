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

# ---- bc: obase, ibase, arrays and the -l math library
bc_more = [
    "obase=2; 0; 1; 5; 255; -255; 2^64", "obase=8; 8; 511; -64; 1.5", "obase=16; 255; -255; 10.5; .1",
    "obase=16; 2^300", "obase=2; 2^100", "obase=20; 12345.678", "obase=256; 1000; 65535",
    "obase=1000; 10^40; 5", "obase=999; 998; 999", "obase=17; 0.5; scale=20; 1/3",
    "obase=2; 0.1; 0.25; -0.75", "scale=5; obase=2; 1/3", "obase=3; 1/3; scale=10; 1/3; 2/3",
    "obase=16; scale=3; 1/3", "obase=16; -1.5; 0; -0.0001; 100.00", "obase=8; -.5; -1",
    "obase=16; 1000000000000000000000000000000000000000000000000.25",
    "obase=7; scale=50; 1/7; sqrt(2)", "obase=36; 123456789012345678901234567890",
    "obase=37; 123456789012345678901234567890.5", "obase=100; 2^200", "obase=16; obase; ibase",
    "obase=100000; 5; 3^40", "obase=2147483647; 5; 2^100", "obase=16.9; 255",
    "obase=2; x=1; for (i=0; i<10; i++) { x; x *= 3 }", "obase=16; print 255, \" \", 16, \"\\n\"",
    "ibase=2; 12; 101; 1.1; 11.11", "ibase=8; 17; 0.1; 777.7", "ibase=16; FFF; 1F.8; ibase",
    "ibase=16; obase=A; 255; FF", "ibase=16; obase=10; 255", "ibase=16; ibase=A; ibase",
    "ibase=16; x=10; x; scale=A; scale", "ibase=3; 1.2222222; scale", "A; ZZ; 1A; 1.F",
    "G; Z; 1G; ibase=16; G; 1G; Z1", "ibase=16; 1.; 1.0; .F; F.; A.", "ibase=17; ibase; GG",
    "ibase=2; obase=16; 11111111; 1010.1", "obase=10; ibase=16; obase=A; obase",
    "a[1]=5; a[1]; a[2]; a[1.9]+=1; a[1]", "a[0]=1; ++a[0]; a[0]++; a[0]; a[0]+=5; a[0]; a[0]^=2; --a[0]",
    "a=3; a[0]=7; a; a[0]", "for (i=0; i<10; i++) a[i]=i*i; for (i=9; i>=0; i-=3) a[i]",
    "define f(x[]) { x[0]=9; return x[0]+x[1]; }\na[0]=1; a[1]=2; f(a[]); a[0]",
    "define f() { auto t[]; t[3]=3; return t[3]; }\nf(); t[3]",
    "define f(*x[]) { x[0]=9; }\nf(a[]); a[0]",
    "define s(a[], n) { auto i, t; for (i=0; i<n; i++) t += a[i]; return t; }\n"
    "for (i=0; i<5; i++) b[i]=i+.5\ns(b[], 5)",
    "define g(n) { auto v[]; v[n]=n; if (n > 0) return g(n-1) + v[n]; return 0; }\ng(10)",
    "a[16777215]=1; a[16777215]",
]
for prog in bc_more:
    case("bc", {}, stdin=prog + "\n")
for prog in ["a[-1]=3; 7\n8", "a[16777216]=2; 8\n9", "a[-0.5]", "obase=1; 5", "obase=0; 5",
             "obase=-1; 5", "ibase=1; ibase", "ibase=100; ibase", "scale=-1; scale",
             "define f(x[]) { return x[0]; }\nf(a)", "define f(x) { return x; }\nf(a[])",
             "1/0; 5\n6", "define f(n) { return 1/0; }\nf(1); 5\n6"]:
    # GNU's byte-code address in the message (adr=N) is not modeled.
    case("bc 2>&1 | sed 's/adr=[0-9]*/adr=N/'", {}, stdin=prog + "\n")
case("BC_LINE_LENGTH=30 bc", {}, stdin="2^200\nobase=16; 2^200\n")
case("BC_LINE_LENGTH=0 bc", {}, stdin="2^400\n")
case("BC_LINE_LENGTH=1 bc", {}, stdin="2^300\n")
bc_lib = [
    "s(1); c(1); a(1); l(2); e(1); j(0,1); j(1,1)", "s(0); c(0); a(0); l(1); e(0); j(0,0)",
    "s(-1); c(-1); a(-1); e(-1); j(-1,1); j(-2,1); j(3,-2)",
    "s(100); c(100); a(100); l(100); e(100)", "s(3.14159); c(3.14159); s(-1000); c(1000)",
    "a(.2); a(-.2); a(.5); a(2); a(-7.5); a(1000000)", "l(0); l(-1); l(.5); l(.001); l(10^20)",
    "e(10); e(-10); e(.001); e(-100); e(2.5)", "scale=5; s(1); c(1); a(1); l(2); e(1); j(2,3)",
    "scale=50; s(1); c(1); a(1); l(2); e(1); j(2,3)", "scale=0; s(1); c(1); a(1); l(2); e(1)",
    "scale=30; a(1); a(.2); scale=45; a(1); a(.2); scale=61; a(1); a(.2)",
    "j(5,10); j(10,5); j(0,20); j(1.5, 2)", "ibase=16; e(64); l(64); s(64); c(64); a(64); ibase",
    "ibase=16; l(0); a(1); a(.2)", "obase=16; e(1); s(2)", "scale=100; e(1); l(10)",
    "scale=10; for (i=-5; i<=5; i+=.5) s(i)", "scale=10; for (i=-5; i<=5; i+=1.5) e(i)",
    "scale=10; for (i=.25; i<=5; i+=.5) l(i)", "scale=10; for (i=-5; i<=5; i+=.75) a(i)",
    "scale=2; e(1); l(3); s(3); c(3); a(3); j(1,3)", "scale; 4*a(1)",
    "define e(x) { return x*2; }\ne(3)",
]
for prog in bc_lib:
    case("bc -l", {}, stdin=prog + "\n")

case("bc 2>&1", {}, stdin="length(a[])\nsqrt(a[]); 5\na[0]=4; sqrt(a[0]); length(a[0])\n")

# ---- ls -p and find -ls (inode numbers and times blanked: they come from the clock)
ls_setup = "mkdir -p d/e/g; echo hi > d/f; ln -s f d/l; ln -s e d/m; chmod 751 d/e; "
blank = " | sed -E 's/^ *[0-9]+ //; s/ [A-Z][a-z]{2} [ 0-9][0-9] ([0-9]{2}:[0-9]{2}| [0-9]{4}) / DATE /' | sort"
for script in ["ls -p d", "ls -ap d", "ls -pR d", "ls -p d/m d/l", "ls -pF d", "ls -1p d/e",
               "find d -ls" + blank, "find d -name f -ls -o -name e -ls" + blank,
               "find d/m d/l -ls" + blank, "find -L d -maxdepth 1 -ls" + blank]:
    case(ls_setup + script, {})

# ---- diagnostics and statuses agents meet when a command line is wrong
for script in [
    "awk '{print $1' /dev/null; echo rc=$?", "awk 'BEGIN { x = }'; echo rc=$?",
    "expr 1 / 0; echo rc=$?", "expr a + 1; echo rc=$?", "expr a : '\\('; echo rc=$?",
] + ["{ %s; echo rc=$?; } 2>&1 | sed 's/^[a-z]*: line [0-9]*: //'" % t for t in [
    "[ a -lt ]", "[ 1 -eq a ]", "[ a b ]", "[ a", "test a b", "[ 1 -gt 2 -a ]"]] + [
    "od -t z /dev/null; echo rc=$?", "od -t c1 /dev/null; echo rc=$?", "od -t a8 /dev/null; echo rc=$?",
    "echo 'abc  nosuch' | sha256sum -c; echo rc=$?", "echo bad | md5sum -c -w; echo rc=$?",
    "fold -w 0 /dev/null; echo rc=$?", "fold -w x /dev/null; echo rc=$?",
    "fold -w 99999999999999999999 /dev/null; echo rc=$?",
]:
    case(script, {})

# ---- grep -P (Perl-style patterns the regex crate shares with PCRE)
perl_files = {"data.csv": "name,age,city\nalice,30,NYC\nbob,25,LA\ncarol,35,NYC\n",
              "app.py": "def add(a, b):\n    return a + b  # TODO\n\ndef  main():\n    pass\n"}
for script in [
    "grep -P '\\d+' data.csv", "grep -oP '\\d+' data.csv", "grep -P '^\\w+,\\d{2}' data.csv",
    "grep -cP 'a.*?c' data.csv", "grep -iP 'ALICE' data.csv", "grep -xP 'bob,25,LA' data.csv",
    "grep -nP '\\bdef\\s+\\w+' app.py", "grep -oP 'def\\s+\\w+' app.py",
    "grep -oP '[A-Z]{2,}' data.csv", "grep -P '(?i)nyc$' data.csv", "grep -oP 'a.*?,' data.csv",
    "grep -P -e bob -e carol data.csv", "grep -vP '\\d' data.csv", "grep -oP '(\\w)(\\w)' app.py | head -3",
    "grep -P '\\x41' <<< A", "grep -qP 'zzz' data.csv",
]:
    case(script + "; echo rc=$?", perl_files)

# ---- cmp says "char" in the C locale (POSIX's wording) and "byte" in any other
cmp_files = {"a": "hello\nxyz\n", "b": "hello\nwyz\n", "c": "hello"}
for script in [
    "cmp a b", "LC_ALL=C.UTF-8 cmp a b", "cmp -b a b", "LC_ALL=C.UTF-8 cmp -b a b",
    "cmp a c", "LC_ALL=C.UTF-8 cmp c a", "cmp -l a b", "cmp -i 2 a b", "LANG=C.UTF-8 cmp a b",
    "LC_ALL=POSIX cmp a b", "unset LC_ALL; LANG=C.UTF-8 cmp a b",
]:
    case(script + "; echo rc=$?", cmp_files)

# ---- more diagnostics: the failing ancestor, no offset without input, diffutils' hint,
# sort's -S check, date's operands, cp into a file
for script in [
    "touch f; mkdir -p f/x", "touch f; mkdir -p f/x/y", "touch f; mkdir -p ./f",
    "mkdir -p d; touch d/f; mkdir -p d/f/x/y", "od nofile", "od -j 5 nofile", "touch f; od nofile f",
    "cmp --bogus", "diff --bogus", "touch f; sort -S x f", "touch f; sort -S 10Q f",
    "touch f; sort -S 99999999999999999999 f", "touch f; sort -S 10M f", "touch f; sort -S 5% f",
    "touch f; sort -S '' f", "touch f; sort -S 1.5 f", "date 1 2", "date -d now 1", "date -u 1",
    "date +%s 1", "touch f; cp f f/x", "touch f; cp f nodir/x",
]:
    case(script + "; echo rc=$?", {})

# ---- cp: which attributes a copy keeps (-p, -a, -d, --preserve, --no-preserve,
# --attributes-only). Times are set with touch -d, so the recorded ones do not depend on when
# the recorder ran; a time that is not kept is only compared with the source's.
cp_setup = ("echo data > f; chown 5:7 f; chmod 4751 f; touch -d '2000-01-02 03:04:05' f; "
            "mkdir -p d/s; echo in > d/s/x; chown 3:4 d d/s/x; chmod 1750 d; chmod 2705 d/s; "
            "touch -d '2001-02-03' d/s/x d/s d; ln -s f l; chown -h 6:6 l; "
            "touch -h -d '2002-03-04' l; ln f hard; touch -d 2010-01-01 ref; ")
cp_show = ("; echo rc=$?; for x in $(find o -mindepth 0 | sort); do "
           "stat -c '%A %u:%g %h %n' \"$x\"; done; "
           "find o -newer ref -printf '%p is new\\n' | sort")
for opts_ in ["", "-p", "-a", "-d", "-R", "-pR", "--preserve", "--preserve=mode -R",
              "--preserve=ownership -R", "--preserve=timestamps -R", "--preserve=links -R",
              "--preserve=all -R", "--preserve=mo,o -R", "--preserve=t,l -R",
              "--preserve=xattr -R", "-a --no-preserve=mode", "-a --no-preserve=ownership",
              "-a --no-preserve=timestamps", "-a --no-preserve=links", "-a --no-preserve=all",
              "--no-preserve=mode -R", "--no-preserve=mode -a", "-p --no-preserve=mode -R",
              "--no-preserve=all --preserve=mode -R", "-dR --no-preserve=links",
              "--attributes-only -R", "--attributes-only -a", "-P -R --preserve=timestamps,ownership"]:
    case(cp_setup + "mkdir o; cp " + opts_ + " f d l hard o" + cp_show, {})
for script in [
    "echo x > a; chmod 600 a; echo y > b; chmod 640 b; chown 2:2 b; cp a b; stat -c '%a %u %n' b; cat b",
    "echo x > a; chmod 600 a; touch -d 2003-01-01 a; echo y > b; chmod 640 b; cp -p a b; stat -c '%a %u %Y %n' b",
    "echo x > a; echo y > b; chmod 600 b; cp --no-preserve=mode a b; stat -c '%a %n' b",
    "echo x > a; chmod 700 a; cp --no-preserve=mode a b; stat -c '%a %n' b",
    "echo xx > a; chmod 700 a; touch -d 2003-01-01 a; echo other > b; touch -d 2004-01-01 b; cp --attributes-only a b; stat -c '%a %s %Y %n' b; cat b",
    "echo xx > a; chmod 700 a; touch -d 2003-01-01 a; echo other > b; cp -p --attributes-only a b; stat -c '%a %s %Y %n' b; cat b",
    "echo xx > a; chmod 700 a; cp --attributes-only a n; stat -c '%a %s %n' n",
    "mkdir s t; chmod 711 s; chmod 700 t; touch -d 2003-01-01 s; cp -rT s t; stat -c '%a %n' t; cp -rpT s t; stat -c '%a %Y %n' t",
    "mkdir s; chmod 0 s; cp -r s t; stat -c '%a %n' t",
    "mkdir -p a/b; echo x > a/b/f; chmod 1751 a; chown 4:5 a/b; touch -d 2000-01-01 a a/b; mkdir D E; cp --parents -p a/b/f D; cp --parents a/b/f E; stat -c '%a %u:%g %Y %n' D/a D/a/b; stat -c '%a %u:%g %n' E/a E/a/b",
    "echo x > a; ln a b; mkdir o; cp --preserve=links a b o; stat -c '%h %n' o/a o/b",
    "echo x > a; ln a b; mkdir o; cp -p a b o; stat -c '%h %n' o/a o/b",
    "echo x > a; cp --preserve=bogus a b; echo rc=$?", "echo x > a; cp --preserve=mode,bogus a b; echo rc=$?",
    "echo x > a; cp --preserve= a b; echo rc=$?", "echo x > a; cp --preserve=mode, a b; echo rc=$?",
    "echo x > a; cp --no-preserve=foo a b; echo rc=$?", "echo x > a; cp --no-preserve a b; echo rc=$?",
    "echo x > a; cp --preserve=context a b; echo rc=$?; ls", "cp --preserve=context; echo rc=$?",
    "echo x > a; cp --preserve=context --no-preserve=context a b; echo rc=$?; ls",
    "echo x > a; cp --no-preserve=all --preserve a b; echo rc=$?",
    "echo x > a; cp --preserve=al a b; echo rc=$?",
]:
    case(script, {})

# ---- touch -h: a symlink's own times
for script in [
    "echo x > f; ln -s f l; touch -h -d 2001-01-01 l; stat -c '%Y %n' l f | sed 's/^1[7-9][0-9]* /NOW /'",
    "touch -h nof; echo rc=$?; ls", "touch -hc nof; echo rc=$?; ls",
    "ln -s nowhere dl; touch -h -d 2002-01-01 dl; echo rc=$?; stat -c '%Y %n' dl; ls",
    "echo x > f; ln -s f l; touch -h -d 2001-01-01 l; touch -h -r l g; echo rc=$?; touch -h -r l f; stat -c '%Y %n' f",
    "echo x > f; ln -s f l; touch -h -d 2001-01-01 l; touch -r l g; stat -c '%Y %n' g | sed 's/^1[7-9][0-9]* /NOW /'",
]:
    case(script, {})

# ---- tr's equivalence classes and head/tail's multiplier suffixes (coreutils 9.1 has no R/Q)
for script in [
    "tr '[=ab=]' x", "tr a '[=ab=]'", "tr -d '[=ab=]x'", "tr '[==]' x", "tr '[=a' x", "tr '[===]' x",
    "tr '[=a=][=b=]' xy", "tr -d '[=a=]'",
] + ["%s %s 1%s f" % (cmd, flag, suf) for cmd in ["head", "tail"] for flag in ["-c", "-n"]
     for suf in ["y", "Y", "Z", "E", "R", "Q", "g", "G", "k", "m", "KB", "MiB", "e", "t"]]:
    case(script + "; echo rc=$?", {"f": "a[=b]c=\n" * 3}, stdin="a[=b]c=\n")

# ---- wc --files0-from: names from a file or stdin; widths come from stat only when the list
# is a regular file GNU reads whole (from a pipe every column is 1 wide)
wc_files = {"a": "hello world\n", "b": "x\ny\nz\n", "big": "".join("%d\n" % i for i in range(1, 1001)),
            "L": "a\0b\0", "L2": "a\0b", "L3": "a\0\0b\0", "E": "", "one": "big\0", "m": "a\0-\0",
            "ln": "a\nb\0a\0"}
for script in [
    "wc --files0-from=L", "wc --files0-from=L2", "wc --files0-from=L3", "wc --files0-from=E",
    "wc --files0-from=L a", "wc --files0-from=L -", "wc --files0-from=one", "wc -l --files0-from=one",
    "wc -l --files0-from=L", "wc -cL --files0-from=L", "wc -m --files0-from=L3",
    "printf 'a\\0big\\0' | wc --files0-from=-", "printf 'a\\0-\\0' | wc --files0-from=-",
    "printf 'a\\0' | wc -l --files0-from=-", "printf 'big\\0big\\0a\\0' | wc -c --files0-from=-",
    "printf 'nof\\0a\\0' | wc --files0-from=-", "printf '\\0' | wc --files0-from=-",
    "printf 'a\\0\\0' | wc --files0-from=-", "printf 'a\\0b' | wc -lw --files0-from=-",
    "wc --files0-from=- < L", "wc -l --files0-from=- < L", "wc --files0-from=- < m",
    "wc --files0-from=m < b", "wc --files0-from=nof", "wc --files0-from", "wc --files0-from=.",
    "mkdir dd; printf 'dd\\0a\\0' | wc --files0-from=-", "mkdir dd; printf 'dd\\0a\\0' > dl; wc --files0-from=dl",
    "wc --files0-from=ln", "wc --files0-from=/dev/null", "wc --files0-from=L --files0-from=one",
    "printf 'b\\0' | wc -L --files0-from=/dev/stdin", "cat L | wc --files0-from=- -l",
]:
    case(script + "; echo rc=$?", wc_files)

# ---- stat -f / --file-system: only what does not depend on the host's file system (names,
# flags on %n, directives that are unknown in -f mode, escapes, refusals, errors); the modeled
# numbers are unit-tested against df in src/commands/stat.rs
for script in [
    "stat -f -c %n a", "stat --file-system -c '%n|%-6n|%6n|%.2n|%-#5n|%.0n|%.n|%05n' a",
    "stat -f -c '%q|%N|%Z|%A|%z|%F|%o|%w|%W|%B|%D|%h|%Hd|%Ld|%Hr|%H|%m|%u|%U|%g|%G|%x|%X|%y|%Y|%C|%r|%R|%e|%E|%j|%k|%K|%L|%M|%O|%P|%Q|%v|%V|%5q|%-3N' a",
    "stat -f -c '%%|%' a", "stat -f -c '%n %5%' a a", "stat -f -c 'x%5' a", "stat -f -c 'y%.' a",
    "stat -f -c '%-5%' a", "stat -c '%5%' a", "stat -c 'a%5' a b", "stat -c '%n %' a",
    "stat -f --printf='%n\\t\\x41\\101\\q%' a", "stat -f --printf='%n' a b",
    "stat --printf=\"$(cat fmt)\" a b | od -c",
    "stat --printf='%n\\' a", "stat -f --printf='\\n%n\\101' a",
    "stat -f nofile", "stat -f", "stat -f -c %n a nofile b", "stat -f -t nofile",
    "ln -s nowhere dl; stat -f -c %n dl", "ln -s a l; stat -f -c %n l", "stat -f -L -c %n a",
    "stat -f -c '' a | od -c", "stat -f a | head -1", "stat -f 'a b' | head -1",
    "stat -f -t a | cut -d' ' -f1", "stat -f -c %n -t a", "mkdir d; stat -f -c '[%n]' d/ d/..",
    "stat -f -c %n /", "stat -f -c %n /dev/null",
]:
    case(script + "; echo rc=$?", {"a": "x\n", "b": "", "a b": "y", "fmt": r"\q\c\z\e\x\xg\0\8\\\'\?\"|"})

# ---- file: text formats (JSON, CSV, scripts, HTML/XML, diffs, C, Python, makefiles), text
# notes (long lines, terminators, escapes, overstriking, BOM, ISO-8859) and binary headers
file_texts = {
    "t.csv": "a,b,c\n1,2,3\n4,5,6\n", "short.csv": "name,age\nbob,3\n", "q.csv": '"x,y",b\n1,2\n3,4\n',
    "crlf.csv": "a,b\r\n1,2\r\n3,4\r\n", "ragged.csv": "a,b\n1,2\n3\n", "semi": "a;b\n1;2\n3;4\n",
    "u.csv": "h\u00e9,b\n1,2\n3,4\n", "blank.csv": "a,b\n1,2\n\n",
    "t.json": '{"a": 1, "b": [1,2]}\n', "j2": '{"a": 1}', "arr": "[1, 2, 3]\n", "num": "1\n",
    "str": '"x"\n', "trail": '{"a":1,}\n', "lead0": '{"a":01}\n', "nd": '{"a":1}\n{"b":2}\n',
    "nd1": '{"a":1} {"b":2}\n', "junk": '{"a":1} x\n', "badesc": '{"a":"\\x"}\n', "bare": "{a:1}\n",
    "uj": '{"a":"h\u00e9"}\n', "deep": '  {\n  "a" : [1.5e3, -2, null, false, "\\u00e9"]\n}\n',
    "p.py": "import os\nprint(os.name)\n", "p2.py": "def f(x):\n    return x\n",
    "p4": "from os import path\nclass A:\n    pass\n", "p5": "    def f(a, b):\n", "p6": "x = 1\ndef f(a=1):\n",
    "p7": "try:\n  x\nexcept E:\n  y\n", "p8": "def __init__(self):\n", "p9": "class A: pass\n",
    "p10": "class A(object):  \n", "p11": "def f(x) -> int:\n",
    "h.html": "<!DOCTYPE html>\n<html><body>hi</body></html>\n", "h2": "text <HTML>\n", "h3": "<title>x</title>\n",
    "h4": "<body>x</body>\n", "h5": '<a href="x">\n', "h6": "<div>x</div>\n",
    "x.xml": '<?xml version="1.0"?>\n<a/>\n', "x11": '<?xml version="1.1"?>\n', "x5": '<?xml version="1.0"?>\n<!DOCTYPE html>\n<html>',
    "x4": "<a></a>\n",
    "d.diff": "--- a\t2020\n+++ b\t2020\n@@ -1 +1 @@\n-a\n+b\n", "g.diff": "diff --git a/x b/x\nindex 1..2 100644\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n",
    "d3": "diff -r a b\n", "d4": "--- a\n+++ b\n", "d8": "x\n--- a\n+++ b\n@@ -1 +1 @@\n", "ctx": "*** a\n--- b\n***************\n",
    "idx": "Index: x\n", "n.diff": "1c1\n< a\n---\n> b\n",
    "c.c": "#include <stdio.h>\nint main(void) { return 0; }\n", "k2": '#include "x.h"\n', "k9": "#pragma once\n",
    "cc.cpp": "#include <iostream>\nclass A {};\n", "k6": "#include <iostream>\n", "k4": "#define X 1\n",
    "Makefile": "all:\n\techo hi\n", "mk2": "CC=gcc\nall: x\n\t$(CC) -o x x.c\n", "mk3": "x: y\n\tcc\n",
    "s.sh": "#!/bin/sh\necho\n", "s2.sh": "echo hi\nls -l\n", "b": "#!/bin/bash\necho\n", "eb": "#!/usr/bin/env bash\n",
    "dash": "#!/bin/dash\necho\n", "envsh": "#!/usr/bin/env sh\n", "sp": "#! /bin/sh\n", "py": "#!/usr/bin/env python3\nprint(1)\n",
    "pl": "#!/usr/bin/perl -w\nprint 1;\n", "epl": "#!/usr/bin/env perl\n", "node": "#!/usr/bin/env node\nx\n",
    "rb": "#!/usr/bin/ruby\n", "awk": "#!/usr/bin/awk -f\n", "zsh": "#!/bin/zsh\n", "ksh": "#!/bin/ksh\n",
    "csh": "#!/bin/csh\n", "tcl": "#!/usr/bin/tclsh\n", "php": "#!/usr/bin/php\n", "lua": "#!/usr/bin/env lua\n",
    "foo": "#!/usr/bin/foo\n", "envS": "#!/usr/bin/env -S bash -e\n", "mk": "#!/usr/bin/make -f\n",
    "crlfsh": "#!/bin/sh\r\necho\r\n", "longsh": "#!/bin/sh\n" + "0" * 400 + "\n", "utfsh": "#!/bin/sh\necho h\u00e9\n",
    "u.txt": "h\u00e9llo\n", "crlf": "a\r\nb\r\n", "cr": "a\rb\r", "long1": "x" * 400 + "\n", "l300": "x" * 300 + "\n",
    "l301": "x" * 301 + "\n", "ulong": "h\u00e9" + "x" * 400 + "\n", "esc": "a\x1bb\n", "over": "a\ba\n",
    "combo": "x" * 400 + "\r\n\x1b[1m\r\n", "bom": "\ufeffhi\n", "bom2": "\ufeff" + "x" * 400 + "\r\n",
    "tab": "a\tb\n", "ff": "hi\n\x0c\n", "nul": "x\0y\n", "empty": "", "in": "x\n",
}
case("file -- * | sed 's/: */\t/'", file_texts)
case("file -b -- *", file_texts)
for script in [
    "printf 'caf\\351 x\\n' > iso; file iso",
    "printf '\\0\\1\\2\\3' > bin; file bin",
    "printf '\\211PNG\\r\\n\\032\\n\\0\\0\\0\\rIHDR\\0\\0\\0\\020\\0\\0\\0\\010\\010\\002\\0\\0\\0' > i.png; file i.png",
    "printf '\\211PNG\\r\\n\\032\\n\\0\\0\\0\\rIHDR\\0\\0\\0d\\0\\0\\1\\310\\010\\006\\0\\0\\1' > i.png; file i.png",
    "printf '\\211PNG\\r\\n\\032\\n\\0\\0\\0\\rIHDR\\0\\0\\0\\1\\0\\0\\0\\1\\1\\0\\0\\0\\0' > i.png; file i.png",
    "printf '\\211PNG\\r\\n\\032\\n\\0\\0\\0\\rIHDR\\0\\0\\0\\3\\0\\0\\0\\3\\010\\003\\0\\0\\0' > i.png; file i.png",
    "printf '\\211PNG\\r\\n\\032\\n\\0\\0\\0\\rIHDR\\0\\0\\0\\5\\0\\0\\0\\6\\010\\004\\0\\0\\0' > i.png; file i.png",
    "printf '\\211PNG\\r\\n\\032\\n\\0\\0\\0\\rIHDR\\0\\0\\0\\5\\0\\0\\0\\6\\020\\002\\0\\0\\1' > i.png; file i.png",
    "printf 'GIF89a\\020\\0\\010\\0\\200\\0\\0' > g.gif; file g.gif",
    "printf 'GIF87a\\1\\2\\3\\4' > g.gif; file g.gif",
    "printf '%%PDF-1.4\\n%%\\342\\343\\317\\323\\n1 0 obj\\n' > p.pdf; file p.pdf",
    "printf '%%PDF-2.0\\r\\n' > p.pdf; file p.pdf",
    "printf 'BZh91AY&SY' > b.bz2; file b.bz2", "printf 'BZh11AY&SY' > b.bz2; file b.bz2",
    "printf '\\375''7zXZ\\0\\0\\1' > x.xz; file x.xz", "printf '\\375''7zXZ\\0\\0\\4' > x.xz; file x.xz",
    "printf '\\375''7zXZ\\0\\0\\012' > x.xz; file x.xz",
    "printf 'PK\\3\\4\\024\\0\\0\\0\\010\\0' > z.zip; file z.zip",
    "printf hi > a.txt; zip -q z.zip a.txt; file z.zip", "seq 1000 > s; zip -q z.zip s; file z.zip",
    "printf 'x\\n' > in; gzip -n in; file in.gz", "printf 'x\\n' > in; tar cf t.tar in; file t.tar",
    "printf '{\"a\": [1, 2]}\\n' | file -", "printf 'a,b\\n1,2\\n3,4\\n' | file -b -",
]:
    case(script, {})

# ---- programs run by name (env, xargs, find -exec, timeout, nice, nohup, exec) are coreutils'
# printf, test, [, echo, true and false, not bash's builtins
for script in [
    "env printf '%q\\n' 'a b'", "env printf -v x hi", "env printf '%(%Y)T\\n' 0", "env printf '%d\\n' 1x",
    "env printf", "env printf '%n\\n'", "env printf '%d\\n' 99999999999999999999", "env printf '%z\\n'",
    "env printf --version | head -1", "env test -v HOME", "env test a '<' b", "env [ a '>' b ]",
    "env test ! a '<' b", "env test a == a", "env test ! -o a", "env test -o pipefail", "env test -a x",
    "env test -R x", "env test 1 -eq a", "env test x -ef", "env [ a", "env test a = a = a",
    "env test 2 -lt 10 -a 1", "env echo --version | head -1", "env echo -e 'a\\tb' --version",
    "env true --version | head -1", "env false --version | head -1", "env false -x",
    "env PATH=/nowhere test 1", "env -i test -n x", "echo a b | xargs printf '%q\\n'",
    "echo x | xargs test -v", "echo '<' | xargs test a", "find . -maxdepth 0 -exec printf '%q\\n' 'a b' \\;",
    "find . -maxdepth 0 -exec test -v x \\; -print", "timeout 5 printf '%q\\n' 'a b'",
    "nice printf '%q\\n' 'a b'", "nohup printf '%q\\n' 'a b'", "exec printf '%q\\n' 'a b'",
    "command printf '%q\\n' 'a b'", "printf '%q\\n' 'a b'; test a '<' b; echo $?",
]:
    case(script + "; echo rc=$?", {})

# ---- file: JSON nesting deeper than 251 levels is not JSON to file 5.44
case("file -b *", {"d251": "[" * 251 + "]" * 251 + "\n", "d252": "[" * 252 + "]" * 252 + "\n",
                   "m125": '[{"a":' * 125 + "1" + "}]" * 125, "m126": '[{"a":' * 126 + "1" + "}]" * 126})

# ---- du --files0-from: the same name lists as wc's; apparent sizes (-b) and counts of 1K
# blocks of small files, which every 4K-block file system agrees on
for script in [
    "du --files0-from=L", "du -b --files0-from=L", "du -bc --files0-from=L", "du --files0-from=L3",
    "du --files0-from=E", "du --files0-from=L a", "du --files0-from=L -", "du -b --files0-from=one",
    "printf 'a\\0big\\0' | du -b --files0-from=-", "printf 'a\\0-\\0' | du --files0-from=-",
    "printf 'nof\\0a\\0' | du -b --files0-from=-", "printf '\\0' | du --files0-from=-",
    "printf 'a\\0\\0' | du -b --files0-from=-", "printf 'a\\0b' | du -b --files0-from=-",
    "du -b --files0-from=- < L", "du --files0-from=- < m", "du --files0-from=nof", "du --files0-from",
    "du --files0-from=.", "mkdir dd; echo q > dd/q; printf 'dd\\0a\\0' | du -ab --files0-from=-",
    "mkdir dd; echo q > dd/q; printf 'dd\\0' > dl; du -sb --files0-from=dl",
    "du -b --files0-from=ln", "du --files0-from=/dev/null", "du -b --files0-from=L --files0-from=one",
    "printf 'b\\0a\\0b\\0' | du -b --files0-from=-", "printf 'b\\0a\\0b\\0' | du -bl --files0-from=-",
]:
    case(script + "; echo rc=$?", wc_files)

# ---- cat -E shows a CR that ends a line as ^M (coreutils 9.1), also across files and chunks
for script in [
    "cat -E crlf", "cat -ET crlf", "cat -A crlf", "cat -vE crlf", "cat -En cr lf",
    "cat -E cr | od -c", "printf 'a\\r\\r\\n\\r' | cat -E | od -c", "cat -Es crlf crlf",
]:
    case(script + "; echo rc=$?", {"crlf": "a\r\nb\r\n\r\n\r\n\tc\rd\n", "cr": "x\r", "lf": "\ny\n"})


# ---- sed: y followed by another command, F, -i without files, -i on a symlink
for script in [
    "printf 'abc\\n' | sed 'y/abc/xyz/;s/x/X/'", "printf 'abc\\n' | sed -e 'y/a/b/ ; p'",
    "printf 'ab\\n' | sed '{y/a/b/}'", "sed -n '$F' f1 f2", "printf 'q\\n' | sed F",
    "sed -s '1F' f1 f2", "sed -i p; echo rc=$?", "sed -i -n p; echo rc=$?",
    "ln -s f1 l; sed -i 's/a/A/' l; test -L l && echo link; cat f1 l",
    "ln -s f1 l; sed -i --follow-symlinks 's/a/A/' l; test -L l && echo link; cat f1",
    "chmod 600 f1; ln -s f1 l; sed -i 's/a/A/' l; stat -c %a l",
]:
    case(script + "; echo rc=$?", {"f1": "a\nb\n", "f2": "c\n"})


# ---- grep: -r names lines only when its one operand is a directory; in the C locale only a
# NUL makes a file binary
for script in [
    "grep -r x d/a.c", "grep -r x d", "grep -r x d/a.c d/b.h", "cd d && grep -r x", "grep -rc x d/a.c",
    "grep -R x d/a.c", "grep -r x - < d/a.c", "grep -r x nosuch d/a.c",
    "printf 'x\\200y\\n' > g; grep x g | od -c; grep -c y g",
    "printf 'x\\0y\\n' > g; grep x g",
]:
    case("mkdir d; echo x > d/a.c; echo x > d/b.h; " + script + "; echo rc=$?", {})


# ---- wc: characters are bytes in the C locale; only printable characters start words
for script in [
    "printf 'h\\303\\251llo\\n' | wc -m", "printf '\\200\\201 \\001\\n' | wc -wmL",
    "printf '\\001\\n' | wc", "printf 'a\\200b\\n' | wc -wmLc", "printf '\\303\\251 x\\n' | wc -wmL",
    "printf 'x\\001y z\\n' | wc -w", "printf '\\177\\n' | wc -wL",
]:
    case(script + "; echo rc=$?", {})


# ---- sort -g reads numbers as strtold: hexadecimal, exponents, infinities, NaN
for script in [
    "printf '0x10\\n9\\n0x1p4\\n17\\n' | sort -g", "printf '1e\\n0.5\\n1e1x\\n.\\n-0x2\\n' | sort -g",
    "printf 'nan\\n1\\n-inf\\ninf\\nx\\n-nan\\n' | sort -g", "printf '0X1A z\\n25 y\\n' | sort -gr",
    "printf ' +3\\n-Infinity\\n2\\n' | sort -g", "printf '0x\\n-1\\n' | sort -g",
]:
    case(script + "; echo rc=$?", {})


# ---- cmp -n: reaching the limit at the shorter input's end is no EOF
for script in [
    "cmp -n 0 a /dev/null", "cmp -n 2 a b", "cmp -n 3 a b", "cmp -n 4 a b", "cmp -n 3 b a",
    "cmp -n 1 a e",
]:
    case(script + "; echo rc=$?", {"a": "abc", "b": "abcd", "e": ""})


# ---- cut -d '': the NUL byte is the delimiter
for script in [
    "printf 'a\\n' | cut -d '' -f1", "printf 'a\\0b\\0c\\n' | cut -d '' -f2 | od -c",
    "printf 'a\\0b\\n' | cut -d '' -f1,2 --output-delimiter=: ", "printf 'ab\\n' | cut -d ab -f1",
    "printf 'a\\n' | cut -d '' -s -f1",
]:
    case(script + "; echo rc=$?", {})


# ---- timeout's usage errors print only the help hint; strings' own word for a missing file
for script in [
    "timeout", "timeout 1", "timeout -s BOGUS 1 true", "timeout --signal=NOPE 1 true",
    "strings nosuch", "strings nosuch a",
]:
    case(script + "; echo rc=$?", {"a": "hello\n"})


# ---- factor parses options as getopt does: `-3` is an invalid option anywhere
for script in [
    "factor -3", "factor 4 -3", "factor -- -3", "factor 6 -- 8", "factor --bogus 4", "factor -",
    "factor --version | head -1",
]:
    case(script + "; echo rc=$?", {})


# ---- find -size: diagnostics for a bad unit, a bad number and an empty argument
for script in [
    "find . -size 5q", "find . -size q", "find . -size 5qq", "find . -size 5.5k", "find . -size ''",
    "find . -size +k", "find . -size -", "find . -size 1c -type f",
]:
    case(script + "; echo rc=$?", {"a": "x"})


# ---- awk substr: a start before 1 counts from 1 and keeps the length (gawk 5.2.1)
for script in [
    """awk 'BEGIN{print substr("hello",-1,3) "|" substr("hello",0,1) "|" substr("hello",-3,5) "|" substr("hello",-1,0)}'""",
    """awk 'BEGIN{print substr("hello",-1.5,3) "|" substr("hello",0,0.6) "|" substr("hello",1.6,2) "|" substr("hello",-2)}'""",
]:
    case(script + "; echo rc=$?", {})


# ---- sort -m merges its files as they are (sorted or not); tr's case classes must face each
# other; column -s keeps empty fields; cp to DIR/ needs the directory
m_files = {"m1": "b\na\nd\n", "m2": "c\nb\n", "m3": "a\na\ne\n", "n1": "10\n2\n", "n2": "3\n1\n"}
for script in [
    "sort -m m1 m2", "sort -m m2 m1 m3", "sort -mu m1 m2 m3", "sort -mr m1 m2", "sort -m -n n1 n2",
    "sort -m n1 n2", "cat m1 | sort -m - m2", "sort -m m1", "sort -m -k1,1 m3 m1",
    "echo abc1 | tr a '[:upper:]'", "echo xab1 | tr 'x[:lower:]' 'y[:upper:]'",
    "echo abc | tr 'ab[:lower:]' '[:upper:]'", "echo abc | tr '[:lower:]x' '[:upper:]'",
    "echo abc | tr '[:alpha:]' '[:upper:]'", "echo AbC | tr '[:upper:]' '[:lower:]'",
    "echo abc1 | tr '[:lower:][:digit:]' '[:upper:]_'",
    "printf ',a,b\\nxx,y,z\\n' | column -t -s,", "printf 'a,,b\\n,x\\nq,\\n' | column -t -s,",
    "printf 'a  b\\n  x\\n' | column -t", "printf 'a,b,\\nd,,\\n' | column -t -s, -o'|'",
    "echo x > file; cp file b/; ls", "echo x > file; cp file b/c; ls", "mkdir d; echo x > d/f; cp -r d e/; ls e",
    "cp nosuch b/",
]:
    case(script + "; echo rc=$?", m_files)

# ---- cp -u / -i, mv -u / -i, rm -i / -I / --interactive: answers come from standard input
for script in [
    "echo a > a; echo b > b; touch -d 2020-01-01 b; cp -u a b; cat b; touch -d 2030-01-01 b; echo c > a; touch -d 2029-01-01 a; cp -uv a b; echo rc=$?; cat b",
    "echo a > a; cp --update=all a b; echo rc=$?",
    "echo a > a; for o in '-i -n' '-n -i' '-i -f' '-f -i' '-in' '-ni' '-n -f' '-u -i'; do echo b > b; touch -d 2030-01-01 b; echo \"== $o\"; echo y | cp $o a b; echo \" rc=$?\"; cat b; done",
    "echo a > a; echo b > b; echo n | cp -i a b; echo rc=$?; cat b; cp -i a b < /dev/null; echo rc=$?; cp -i a c < /dev/null; echo rc=$?; cp -i a a; echo rc=$?; echo y | cp -iv a b; cat b",
    "mkdir -p s/sub t/s/sub; echo 1 > s/sub/g; echo o > t/s/sub/g; echo n | cp -ri s t; cat t/s/sub/g; echo y | cp -riv s t; cat t/s/sub/g",
    "echo a > a; mkdir -p d/a; echo y | cp -iT a d; echo rc=$?; ln -s a l; echo x > m; echo y | cp -iP l m; echo rc=$?; readlink m",
    "for o in -i '-i -n' '-n -i' '-i -f' '-f -i' -u '-u -i' -iv; do echo a > a; echo b > b; touch -d 2000-01-01 a; echo \"== $o\"; echo y | mv $o a b; echo \" rc=$?\"; cat b; ls; done",
    "echo a > a; echo b > b; touch -d 2000-01-01 b; mv -uv a b; echo rc=$?; ls; mkdir -p x y/x; touch -d 2030-01-01 y/x; mv -u x y; echo rc=$?; ls",
    "echo a > a; mkdir -p d/a s/q; echo y | mv -i a d; echo rc=$?; echo y | mv -iT s d; echo rc=$?; echo n | mv -i s d; echo rc=$?",
    "echo a > a; echo b > b; : > e; ln -s a l; printf 'n\\nn\\nn\\nn\\n' | rm -i a b e l; echo rc=$?; ls; printf 'y\\ny\\n' | rm -i a e; ls",
    "mkdir -p d/s; echo 1 > d/s/f; printf 'n\\n' | rm -ri d; echo rc=$?; printf 'y\\ny\\ny\\ny\\n' | rm -ri d; echo rc=$?; ls",
    "mkdir -p d/s; touch d/s/f; printf 'y\\ny\\nn\\ny\\ny\\n' | rm -ri d; echo rc=$?; mkdir e; echo y | rm -ri e; echo rc=$?; ls",
    "touch a b e l; mkdir d; printf 'n\\n' | rm -I a b e l; echo rc=$?; ls; rm -I a < /dev/null; echo rc=$?; ls; printf 'y\\n' | rm -I -r d; echo rc=$?; touch 1 2 3 4; printf 'yes\\n' | rm -I 1 2 3 4; echo rc=$?; ls",
    "mkdir dd; echo y | rm -di dd; echo rc=$?; touch e; rm -fi e < /dev/null; echo rc=$?; mkdir -p f/g; echo y | rm -i f; echo y | rm -di f; ls",
    "touch 1; echo n | rm -I -i 1; echo rc=$?; echo n | rm -i -I 1; echo rc=$?; echo n | rm -i -f 1; echo rc=$?; touch 1; echo n | rm -f -i 1; echo rc=$?; ls",
    "touch 1 2 3 4; echo n | rm --interactive=once 1 2 3 4; echo rc=$?; echo n | rm --interactive 1; echo rc=$?; echo n | rm --interactive=never 1; rm --interactive=bogus 2; echo rc=$?; echo n | rm --interactive=al 2; echo rc=$?; echo n | rm --interactive=no 2; echo rc=$?; echo n | rm --interactive= 2; echo rc=$?",
    "rm -f -i nofile; echo rc=$?; rm -i -f nofile; echo rc=$?; rm -f -I nofile; echo rc=$?; rm -f --interactive=never nofile; echo rc=$?; rm -I; echo rc=$?; rm -f -i; echo rc=$?; rm -i -f; echo rc=$?",
    "mkdir a b; echo y | rm -rI a b; echo rc=$?; touch 1 2 3 4; rm -f -I 1 2 3 4 < /dev/null; echo rc=$?; ls; echo y | rm -rI /; echo rc=$?; mkdir t; ln -s t lt; echo n | rm -ri lt; echo y | rm -ri .; echo rc=$?",
]:
    case(script)

# ---- env -C, -S (GNU's splitting, ${VAR}), -v; the default PATH of a shell started without one
for script in [
    "env -C / pwd; env --chdir=/tmp pwd; env -C /nonexist pwd; echo rc=$?; env -C /; echo rc=$?; touch f; env -C f pwd; echo rc=$?",
    "mkdir -p d/e; env -C d/e sh -c 'ls ..'; env -C d cat nofile; echo rc=$?",
    "env -v -i A=1 true; env -v -u HOME -C / true; env -v -i -u X A=1 B=2 -- true; echo rc=$?",
    "export XV=/xv; env -S 'echo a  b'; env -S'echo \"x  y\" z\\tq'; env -vS 'A=1 echo ${XV}x \\_y'; env -S 'echo $XV'; echo rc=$?; env -S 'echo #c'; env -S 'echo a#c'",
    "env -S \"echo 'a\\\\nb' \\\"a\\\\nb\\\" \\\\c ignored\"; env -S 'echo \\x'; echo rc=$?; env -S 'echo \"unterminated'; echo rc=$?; env -S '-i A=2 env'; env -S 'echo ${NOPE}x'; env -S 'echo ${1abc}'; echo rc=$?",
    "export XV=/xv; env -vS'A=${XV} echo \"${NOPE}\" x'; env -S '\"\"'; echo rc=$?; env -S 'echo a\\c b'; env -S 'echo \"a\\c\"'; echo rc=$?; env -S 'echo \\'; echo rc=$?",
    "env -S \"echo 'a\\\\'b' 'c\\\\\\\\d' 'e\\\\nf'\"; env -S 'echo a\"b\"c d'\"'e'\"'f'; env '-i echo'; echo rc=$?; env -S; echo rc=$?; env -S 'echo x' -S 'y'; env -S 'echo x' y z; env -v -S 'echo'; env -v -S '' true",
    "env -S 'echo ${A_1}x${B}y'; env -S 'echo ${A'; echo rc=$?; env -S 'echo ${}'; echo rc=$?; env -S 'echo $'; echo rc=$?; env -i -S 'A=1 B=2'; env -i - A=3",
    "env -u PATH sh -c 'echo \"[$PATH]\"'; env -u PATH bash -c 'echo \"[$PATH]\"; export -p | grep -c \" PATH=\"'; env -i bash -c 'echo \"[$PATH]\"'; env -i sh -c 'echo \"[$PATH]\"'",
]:
    case(script)

# ---- find -xtype, -lname/-ilname, -wholename, -fprint/-fprint0/-fprintf/-fls
lnk = "mkdir -p d/s; echo hi > d/f; ln -s f d/l; ln -s nowhere d/b; ln -s s d/ls; "
for script in [
    lnk + "find d -xtype l; find -L d -xtype l | sort; find d -xtype f | sort; find -H d/ls -xtype l; find -L d -type l",
    lnk + "find d -xtype l,f | sort; find d -xtype q; find d -xtype; echo rc=$?; for a in ',f' 'f,,d' '' 'f,' 'fd' 'x,y' 'f,f'; do find d -xtype \"$a\"; find d -type \"$a\"; done",
    lnk + "ln -s loop2 d/loop1; ln -s loop1 d/loop2; find d -name 'loop1' -xtype l; echo rc=$?; find -L d -name 'loop*'; echo rc=$?",
    lnk + "ln -s NoWay d/c; find d -lname f; find d -lname '*o*' | sort; find d -ilname 'NOW*' | sort; find -L d -lname '*'; find d -lname; echo rc=$?; find d -wholename 'd/s*' | sort; find d -iwholename 'D/L*' | sort",
    "mkdir -p d/s; echo hi > d/f; find d -name f -fprint out1 -fprint0 out2 -fprintf out4 '%p %s\\n'; cat out1; od -c out2; cat out4; find d -name zz -fprint out5; wc -c < out5",
    "mkdir -p d/s; echo hi > d/f; find d -fprint nodir/x; echo rc=$?; find d -name f -fprint /dev/stdout; find d -fprint; echo rc=$?; find d -fprintf out6; echo rc=$?; ls; find d -fprintf; echo rc=$?",
    "mkdir -p d/s; echo hi > d/f; find d -name f -fprint same -fprint same; cat same; find d -name f -fprint d -print; echo rc=$?; find d -name s -fprint o1 -name f -fprintf o1 '[%f]\\n'; cat o1; find d -name s -fprint0 o2 -print; od -c o2",
    "mkdir d; echo hi > d/f; touch -d '2020-01-01 00:00' d/f; find d -name f -fls o3; sed 's/^ *[0-9]* //' o3",
]:
    case(script)

# ---- xxd -i (names from the file, -n, -C), -b, -e, -s, -o, -d, -a, its own option reading
xf = "printf 'hello world, this is xxd!\\n' > foo.txt; "
for script in [
    xf + "cp foo.txt 1a-b.c; xxd -i foo.txt; xxd -i < foo.txt; xxd -i 1a-b.c; xxd -C -i foo.txt; xxd -i -n my.name foo.txt; xxd -i -c 4 -l 6 foo.txt; xxd -i -u -l 3 foo.txt; : > empty; xxd -i empty; xxd -i < empty; echo rc=$?",
    xf + "xxd -b foo.txt; xxd -b -c 4 -l 10 foo.txt; xxd -e foo.txt; xxd -e -g 2 -l 11 foo.txt; xxd -e -g 8 -l 13 foo.txt; xxd -e -c 6 foo.txt; xxd -e -g 0 -c 8 foo.txt; xxd -b -g 3 foo.txt",
    xf + "xxd -s 5 foo.txt; xxd -s -5 foo.txt; xxd -s +3 -l 4 foo.txt; xxd -o 100 -l 20 foo.txt; xxd -d -l 20 -s 3 foo.txt; xxd -s 3 < foo.txt; xxd -o 0x10 -s 2 -l 4 foo.txt; xxd -o -5 -l 4 foo.txt; xxd -d -o 100 -l 4 foo.txt",
    xf + "cat foo.txt | xxd -s 30; echo rc=$?; xxd -s 30 foo.txt; echo rc=$?; cat foo.txt | xxd -s -3; echo rc=$?; xxd -s -30 foo.txt; echo rc=$?; xxd -s 010 -l 4 foo.txt; xxd -s +2 -l 2 - < foo.txt; xxd -i -s 20 foo.txt; xxd -s 2 -p foo.txt",
    xf + "mkdir dir; cp foo.txt dir/a.b; xxd -i -l 1 dir/a.b; xxd -i -l 1 ./dir/a.b; xxd -i -l 1 - < foo.txt; xxd -n 9x -i -l 1 < foo.txt; xxd -C -n a.b -i -l 1 foo.txt; xxd -e -g 3 foo.txt; echo rc=$?; xxd -b -p foo.txt; xxd -p -b -l 4 foo.txt; xxd -b -i -l 4 foo.txt",
    xf + "for o in '-c 0' '-c 300' '-c -1' '-p -c 300' '-c abc' '-g 0' '-l -1' '-l abc' -ps '-ps -c 8' -c8 '-cols 8' -g3 -x -pl5 -l5p '-i -c 0' '-p -c 0' '-p -l 0' '--cols 4 -l 4' '-- -l' '-p f f2 f3' -v; do echo \"== $o\"; xxd $o foo.txt; echo rc=$?; done",
    "printf 'abc' > f; xxd f out; cat out; xxd -p f -; xxd nofile; echo rc=$?; mkdir d; xxd d; echo rc=$?; xxd f d; echo rc=$?; echo 616263 | xxd -r -p; echo",
    "head -c 100 /dev/zero > z; printf 'x' >> z; head -c 40 /dev/zero >> z; xxd -a z; xxd -a -c 8 -l 32 z; xxd -a -a -l 40 z; head -c 48 /dev/zero | xxd -a",
]:
    case(script)

# ---- timeout -s KILL is 137; stat - reads standard input; realpath -s; xargs -L/-n/-I; odd seq
for script in [
    "timeout -s KILL 1 sleep 5 2>&1 | cat; timeout -s 9 1 sleep 5 | cat; echo rc=${PIPESTATUS[0]}; timeout -s TERM 1 sleep 5; echo rc=$?; timeout -s KILL 5 true; echo rc=$?",
    "echo hello > f; stat -c '%n %s %F %a' - < f; stat -t - < f | cut -d' ' -f1-3; stat -f - < f; echo rc=$?; stat - <&-; echo rc=$?",
    "mkdir rp; cd rp; touch f; mkdir -p d; for p in b nodir/x nodir/x/y a/../b nodir/.. nodir/./x f/ f/. d/../f/ nodir/ d/x/../y f/x/y x/../../y d/nodir/../z ../rp/nodir/q; do printf '%s => ' \"$p\"; realpath -s \"$p\" 2>&1 | sed \"s#$PWD#PWD#\"; done; realpath -s -e nodir; echo rc=$?; realpath -sm a/../b | sed \"s#$PWD#PWD#\"; realpath -s /nonexist/x/y /nonexist/..; echo rc=$?",
    "printf 'a b\\nc d\\ne\\n' > xi; for o in '-L 1 -I {}' '-I {} -L 1' '-L 2 -I{}' '-I{} -L 2' '-n 1 -I{}' '-I{} -n 2' '-l -I{}' '-I{} -l' '-i -L1' '-L1 -i' '-L 1 -n 2' '-n 2 -L 1' '-L1 -L2' '-I{} -i' '-l -L2' '-L2 -l' '-I{} -L1 -I{}'; do echo \"== $o\"; xargs $o echo '[{}]' < xi 2>&1; done",
    "for a in -0 '-0 3' '-- -1 1' -1 '1 -1' '-s, -1 1' 0 '1 0' '5 -1 1' '1 0 3' '1 0.5 2' '-inf 1' nan '1 nan' '1 1 nan' '-- -nan' '-- -0 1' '-- 1x' '-1x' '-w -0 2' '-0 -1 -3' '-- -0.0 1' '0 -0 -0' '-f %g -0 1' '-e 1' '-- -.5 1'; do echo \"== seq $a\"; eval \"seq $a\" 2>&1; done",
]:
    case(script)

if __name__ == "__main__":
    for c in cases:
        print(json.dumps(c))
