#!/usr/bin/env python3
"""Records GNU coreutils 9.1 output for fmt, install, numfmt, csplit and pr, and tree v2.1.0 output.

Each case is a shell script run by real bash (LC_ALL=C) in an empty directory seeded with
`files`, with `stdin` on standard input; its stdout, stderr and status are recorded. The test
tests/textcmds.rs runs the same script through `shellsim -c` in /work/t.
Run: python3 tests/textcmds/record.py > tests/textcmds/cases.jsonl
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


# ---- fmt (random paragraphs: indentation, tabs, sentence ends, punctuation, parentheses)
words = ["a", "the", "quick", "brown", "fox.", "jumps?", "(over)", "lazy,", "dog!", "x",
         "supercalifragilistic", "Mr.", "e.g.", "\"quoted.\"", "end;", "[b]", "it's"]
def para():
    lines = []
    ind = rng.choice(["", "", "  ", "\t", " "])
    for _ in range(rng.randint(1, 6)):
        n = rng.randint(0, 14)
        sep = lambda: rng.choice([" ", " ", " ", "  ", "\t"])
        lines.append(ind + sep().join(rng.choice(words) for _ in range(n)))
        if rng.random() < 0.3:
            ind = rng.choice(["", "  ", "\t", " "])
    return "\n".join(lines)
fmt_flags = [[], ["-w", "30"], ["-w", "20", "-u"], ["-s", "-w", "25"], ["-c", "-w", "30"],
             ["-t", "-w", "30"], ["-g", "20"], ["-40"], ["-u"], ["-w", "12"],
             ["-c", "-u", "-w", "15"], ["-w", "50", "-g", "30"], ["--width=25", "--uniform-spacing"]]
for _ in range(90):
    text = "\n\n".join(para() for _ in range(rng.randint(1, 3))) + rng.choice(["\n", ""])
    argv = ["fmt"] + rng.choice(fmt_flags)
    case(" ".join("'%s'" % a for a in argv), stdin=text)
pre = "# a b c d e f\n# g h i j k\n#   indented\nplain line\n  # x y z\n\n# last one here\n"
for s in ["fmt -p '#' -w 10", "fmt -p '# ' -w 12", "fmt -p ' #' -w 10", "fmt -p '#'",
          "fmt -p '//' -w 8"]:
    case(s, stdin=pre + "// c1 c2 c3 c4\n//c5\n")
long = " ".join("w%d" % i for i in range(1300))
for s in ["fmt f | head -5", "fmt -w 30 f | tail -3", "fmt -u -w 50 f | md5sum",
          "fmt -c -w 20 g | md5sum", "fmt g | wc"]:
    case(s, {"f": "   " + long + "\n  next line\n", "g": "  " + "z" * 6000 + " y\n q\n"})
for s in ["fmt -w abc", "fmt -w 3000", "fmt -g 80", "fmt -w 10 -g 20", "fmt nofile",
          "fmt -x", "fmt x -5", "fmt -5x", "fmt -0 f", "fmt -w 0 f", "fmt f - f",
          "fmt --goal=5 f", "fmt -w -1 f", "fmt .", "fmt --prefix", "fmt -t f",
          "printf 'a\\n\\n  \\n  b' | fmt", "printf '\\tab cd\\n\\tef\\n' | fmt -w 9",
          "printf 'x  y.  z\\nw\\n' | fmt", "printf 'x  y.  z\\nw\\n' | fmt -u"]:
    case(s, {"f": "one two three four five six seven eight nine ten\n\n  eleven twelve\n"})

# ---- install (the script shows modes, owners, contents and tree)
SHOW = '; echo "rc=$?"; find . -mindepth 1 | sort | while read -r f; do stat -c "%n %a %u %g %F" "$f"; done'
ifiles = {"a": "hi\n", "b": "yo\n", "x.sh": "#!/bin/sh\n"}
for s in ["install a c", "install -v a c", "install -m 644 a c", "install -m 0600 a b",
          "install -m u=rw,go=r a c", "install -m +x a c", "install -m u+s a c",
          "install -m a=rwx,o-w a c", "install -d d1 d2/e/f", "install -dv d2/e/f",
          "install -d -m 700 d3", "install -D a p/q/r", "install -vD a p/q/r",
          "install -vDt t1/t2 a b", "install -t d a b", "install -v a b d",
          "install -T a d2", "install -C a b", "install -C -v a c; install -C -v a c",
          "install -Cv -m 644 a c; install -Cv -m 644 a c; install -Cv a c",
          "install -o root -g root a c", "install -o 0 -g 0 -m 640 a c",
          "install -o 1234 -g 567 a c", "install -d -o 12 -g 34 dd", "install -p a c",
          "install -v x.sh a d", "mkdir -p d/e; install -d -m 711 d/e",
          "install", "install a", "install -d -t d", "install a b c", "install -t nod a",
          "install -t a b", "install nofile x", "install d x", "install -T a d",
          "install -m xyz a b", "install -o bob a b", "install -g bob a b", "install a a",
          "install -D a", "install -d", "install -T a b c", "install -vd a/z",
          "install --verbose --mode=600 --target-directory=d a b",
          "install -Z a c", "install -t d -T a"]:
    case("mkdir d; " + s + SHOW, ifiles)

# ---- numfmt
nf = [
    "--to=si 1000 1500 999 1000000 123456789", "--to=iec 1024 1536 1023 1048576 2000",
    "--to=iec-i 1024 3000000", "--from=si 1K 1.5M 2G", "--from=iec 1K 1.5M",
    "--from=iec-i 1Ki 2Mi", "--from=auto 1K 1Ki 3Mi", "--to=si --suffix=B 1500",
    "--padding=10 5", "--padding=-10 5", "--to=si --round=down 1999",
    "--to=si --round=up 1001", "--to=si --round=nearest 1050",
    "--to=si --round=towards-zero -- -1999", "--to=si --round=from-zero -- -1001",
    "--to=si -- -1500 -999", "--format=%08.2f 3.14159", "--format=%-10f 5",
    "--format=%10f 5", "--format='%'\\''f' 1234567", "--format='x%fy' 5",
    "--format=%.3f --to=si 123456", "--format=%.1f --to=iec 5000000",
    "--invalid=warn abc 5", "--invalid=ignore abc 5", "--invalid=fail abc 5 x",
    "abc", "5 abc 6", "--from=si 1Q", "--to=si 0.5 5.5 1023.5", "--to=iec 1023.5 5.5",
    "--to=si 999999 9999 99999 10000", "1.5", "--from=none 1K", "--to=si 1e3",
    "--from=si 12.345K", "--to=si 12345678901234567890", "12345678901234567890",
    "--to=si 9.99999e27", "--from=si 1Kx", "--from=iec-i 1K", "--from=si '1 K'",
    "--to=x 1", "--padding=0 1", "--padding=x 1", "--header=0", "--field=x 1",
    "--field=0 1", "-d ab 1", "--format=abc 1", "--format=%d 1", "--format=%f%f 1",
    "--format=% 1", "--round=x 1", "--invalid=x 1", "--from=auto 1.5Gi 2.25T",
    "--to=si --padding=8 1 12345", "--to=iec --suffix=iB 2048 3", "--suffix=B 100B 5",
    "--to=si 0 -- -0", "--grouping 1234567",
    "--to=iec-i --round=up 1025", "--from=iec --to=si 1G", "--to=si 1000000000000000000000000",
    "-- -5.25 .5 5.", "--to=si 1.05e3", "--from=si 1.5 2.75K",
]
for a in nf:
    case("numfmt " + a)
ntable = "name size used\nroot 1000000 51234\nhome 23456789012 1234\nx abc 12\n"
for a in ["--header --field=2,3 --to=si", "--header --field=2- --to=iec --invalid=warn",
          "--field=2 --to=si --header=2", "--field=- --to=si --invalid=ignore",
          "--header -d ' ' --field 2 --to=si", "--header --field=3 --to=si --padding=7",
          "--header --field=2 --to=si --format='%8f'", "--field 1-2 --invalid=fail --to=si"]:
    case("numfmt " + a, stdin=ntable)
for s in ["printf '1000\\n  2000\\n3000' | numfmt --to=si", "printf 'a:1000:3000\\n' | numfmt -d: --field=2- --to=si",
          "printf '1K\\x002K\\x00' | numfmt -z --from=si | od -c", "printf '  1000  2000 x\\n' | numfmt --to=si --field=1-3",
          "printf '1000\\tx\\n' | numfmt --to=si", "printf '10 20\\n' | numfmt --field=3 --to=si",
          "printf '4096\\n' | numfmt --to=iec --format='size: %f!'"]:
    case(s)

# ---- tree (tree v2.1.0; the script builds the directories and symlinks it lists. `-p` and
# `-D` look only below the case's own directory, whose mode and time the harness does not
# share; owners (-u/-g) are left out.)
TREE_SETUP = ("mkdir -p src/lib docs empty .git/objects; echo hello > src/main.rs; echo x > src/lib/a.rs; "
              "printf 'abcdefghij%.0s' $(seq 300) > docs/big.md; : > 'sp ace.txt'; : > .env; "
              "chmod +x src/main.rs; ln -s src/main.rs link; ln -s nowhere broken; ln -s docs dlink; ")
for s in ["tree", "tree -a", "tree -d", "tree -F", "tree -s", "tree -h", "tree -L 1", "tree -L 2 -a",
          "tree -L1", "tree -La 1", "tree -f", "tree -i -f", "tree -i", "tree -r", "tree --dirsfirst",
          "tree --filesfirst -r", "tree -dF", "tree -pF src docs", "tree -I '*.rs'", "tree -P '*.rs'",
          "tree -I 'src|docs'", "tree -P '*.md|*.txt' -a", "tree -I 'lib/'", "tree -a -I .git",
          "tree -l", "tree -fl", "tree -F dlink", "tree -f src/", "tree src//", "tree src docs",
          "tree -s src/main.rs", "tree -F nonexist src", "tree nonexist", "tree empty",
          "tree -- -a", "tree -Q -L 1", "tree -N -L 1", "tree --noreport -d", "tree --sort=size -L 1",
          "tree --si", "tree --metafirst -p -L 1 src", "tree -Z", "tree --foo", "tree -L 0",
          "tree -L x", "tree -L 0x2", "tree -L", "tree -I", "tree -P", "tree --sort=foo",
          "tree --charset", "tree -I '|a' src", "tree --version", "tree --help",
          "LC_ALL=C.UTF-8 tree", "LC_ALL=C.UTF-8 tree --version", "tree --charset=utf-8 -L 1",
          "ln -sfn .. src/lib/up; tree -l src", "tree -x -n -L 1 .git"]:
    case(TREE_SETUP + s)
TREE_WIDE = ("mkdir -p w/a/b/c/d w/e w/.hid; printf '%01280d' 0 > w/s1; printf '%010752d' 0 > w/a/s2; "
             "printf '%011776d' 0 > w/a/b/s3; printf '%0999d' 0 > w/e/s4; printf '%01048576d' 0 > w/e/big; "
             "printf '%0200000d' 0 > w/a/b/c/m; : > w/.hid/x; : > $'w/tab\\there'; : > 'w/back\\slash'; "
             ": > 'w/q\"uote'; printf x > $'w/h\\xc3\\xa9'; printf x > $'w/bad\\xff'; printf x > $'w/nl\\nx'; "
             "touch -d '2020-01-02 03:04:05' w/s1 w/a/s2 w/a w/e; touch -d '2019-06-01 12:00:00' w/e/s4 w/a/b; "
             "touch -d '2021-03-04 05:06:07' w/.hid w/e/big w/a/b/s3; ")
for s in ["tree w", "tree -h w", "tree --si w", "tree -s w/e w/a", "tree -aq w", "tree -aQ w",
          "LC_ALL=C.UTF-8 tree -a w", "tree -D -L 1 w/e w/a",
          "tree -t w/e w/a", "tree -tr w/e w/a", "tree -D --timefmt='%Y-%m-%d %H:%M' w/e",
          "tree --sort=mtime -L 2 w", "tree --sort=size -r w", "tree -L 3 -d w", "tree -df w",
          "tree -a -P 'x' w", "tree -P '*.nothing' w", "tree --ignore-case -I 'S*' w", "tree -I 's?' w",
          "tree -I 's[12]' w", "tree -I '[^s]*' w", "tree w/e nonexist w/s1 w/a/b", "tree w/.hid",
          "tree -L -1 w", "tree -L 2 -P s1 --noreport w", "tree -psh w/a/b/c", "tree --metafirst -h w/e",
          "tree -fi --noreport w/a"]:
    case(TREE_WIDE + s)

# ---- csplit (coreutils 9.1; the suffix lists every file left in the directory afterwards)
CS = '; echo "rc=$?"; for f in *; do printf "== %s\\n" "$f"; cat "$f"; done'
cfiles = {"f": "".join("%d\n" % i for i in range(1, 11)),
          "g": "head\n== a ==\nx1\nx2\n== b ==\ny1\n== c ==\nz1\nz2\nz3\n",
          "t": "a\nb\nc", "e": ""}
for s in ["csplit f 3", "csplit f 3 7", "csplit f 3 3", "csplit f 5 3", "csplit f 0", "csplit f 11",
          "csplit f 10", "csplit f 2 '{3}'", "csplit f 2 '{*}'", "csplit f 4 '{2}'", "csplit f 3 '{9}'",
          "csplit -k f 3 '{9}'", "csplit g '/^==/' '{*}'", "csplit g '/^==/' '{1}'",
          "csplit g '/^==/' '{5}'", "csplit -k g '/^==/' '{5}'", "csplit g '/b/'", "csplit g '/nomatch/'",
          "csplit -k g '/nomatch/'", "csplit g '%^== b%'", "csplit g '%nomatch%'", "csplit g '/x2/+1'",
          "csplit g '/x2/-1'", "csplit g '/y1/-3' '/z/'", "csplit g '%a%1' '/c/'", "csplit g '/a/+20'",
          "csplit g '/a/-9'", "csplit -z g '/^==/' '{*}'", "csplit -s g '/^==/' '{*}'",
          "csplit -q f 5", "csplit --suppress-matched g '/^==/' '{*}'", "csplit --suppress-matched f 3 6",
          "csplit --suppress-matched f 2 '{*}'", "csplit -z --suppress-matched g '/^==/' '{*}'",
          "csplit -f part- f 4", "csplit -b '%03d.txt' f 4", "csplit -b 'x%#o' f 2 '{3}'",
          "csplit -b '%-3d|' f 5", "csplit -n 4 f 5", "csplit -n 0 f 5", "csplit -n 1 f 2 '{*}'",
          "csplit -f out -b '%x' -n 7 f 3", "csplit t 2", "csplit t '/c/'", "csplit t '/b/' '{*}'",
          "csplit e 1", "csplit e '/x/'", "csplit e '/x/' '{*}'", "csplit - 3 < f", "cat g | csplit - '/^==/' '{*}'",
          "csplit f", "csplit", "csplit nofile 3", "csplit f x", "csplit f '/3'", "csplit f '/3/x'",
          "csplit f '{2}'", "csplit f 3 '{x}'", "csplit f 3 '{2'", "csplit f '/\\(/'", "csplit -n x f 2",
          "csplit -n -1 f 2", "csplit -b '%d%d' f 2", "csplit -b x f 2", "csplit -b '%#d' f 2",
          "csplit -y f 2", "csplit --bogus f 2", "csplit -k -z g '/y1/' '%z2%' '/nothing/'",
          "csplit f '/5/' '/2/'", "csplit f '%7%-2' 3", "csplit g '/1$/' '{*}'", "csplit g '/[xz][12]/+1' '{2}'",
          "csplit -f d/ f 3", "mkdir d; csplit -f d/p f 3 6", "csplit f \"x'y\"", "csplit f $'a\\nb\\xe9'",
          "csplit g '/y1/+3' 2", "csplit f '/3/+8' '/x/'", "csplit -k f 3 '/4/-1'", "csplit f 5 '{1}' 9",
          "csplit f 3 4 '{*}'", "csplit -s -k f '/5/' '/nomatch/' '{*}'", "csplit f '%1%' '{*}'",
          "csplit f 3 '{ 2}'", "csplit f ' 4' +7", "csplit -z f 1 2 3"]:
    case(s + CS, cfiles)

# ---- pr (coreutils 9.1). Headers carry dates: files get fixed times with touch -d, and
# standard input or merged files (whose headers show the current time) get a fixed -D format
# or no header (-t/-T). `-d` with a one-line body is left out: GNU pr loops forever there.
PR_TOUCH = "touch -d '2021-05-06 07:08:09' f g h; touch -d '2019-12-31 23:59:58' s; "
def pr_text():
    lines = []
    for i in range(rng.choice([0, 1, 2, 3, 5, 8, 13, 30, 70, 150])):
        r = rng.random()
        if r < 0.1: lines.append("")
        elif r < 0.2: lines.append("\t".join(rng.choice(["a", "bb", "ccc", "", "dddddddd"]) for _ in range(rng.randint(1, 4))))
        elif r < 0.3: lines.append("\f" * rng.randint(1, 2) + rng.choice(["", "x", "after ff"]))
        elif r < 0.35: lines.append("ctl\x01\x1b[0m\x08\x08z\x7f end")
        elif r < 0.43: lines.append("w" * rng.randint(30, 120))
        elif r < 0.48: lines.append(rng.choice(["x\fy", "  lead", "trail  ", "a  b   c", "\f", "caf\xe9 \xe0 la"]))
        else: lines.append("%s %d %s" % (rng.choice(["alpha", "beta", "gamma", "delta"]), i, "z" * rng.randint(0, 20)))
    t = "\n".join(lines)
    return t + "\n" if lines and rng.random() < 0.8 else t
pr_opts = ["-a", "-c", "-d", "-e", "-e4", "-ex3", "-f", "-F", "-i", "-i4", "-i.6", "-J", "-l 15", "-l 7", "-l 24",
           "-m", "-n", "-n3", "-n:2", "-n.8", "-N 5", "-N -3", "-o 3", "-o 9", "-r", "-s", "-s:", "-S",
           "-S' | '", "-S''", "-t", "-T", "-v", "-w 30", "-w 50", "-W 25", "-W 40", "-2", "-3", "-4", "-7",
           "+2", "+3:4", "+2:2", "-h T", "-h ''", "-D '%H'", "--columns=2", "-b", "-d -l 20",
           "--sep-string=::", "--across", "--merge", "-e -i", "-S ' '", "-s' '", "--pages=2:3"]
for _ in range(90):
    files = {"f": pr_text(), "g": pr_text(), "h": pr_text(), "s": "".join("%d\n" % i for i in range(1, 200))}
    o = rng.sample(pr_opts, rng.randint(1, 7))
    merge = "-m" in o or "--merge" in o
    if not merge and rng.random() < 0.4:
        o.append("-t")
    fs = rng.choice([["f"], ["g"], ["s"], ["f", "g"], ["f", "s", "h"], ["-"]])
    if merge:
        fs = rng.choice([["f", "g"], ["f", "g", "h"], ["f", "-"], ["g", "s"], ["nofile", "f"]])
        o.append("-D XX")
    elif "-" in fs and "-t" not in o and "-T" not in o:
        o.append("-D YY")
    case(PR_TOUCH + "pr " + " ".join(o) + " " + " ".join(fs), files, files["h"])
prf = {"f": "a\nb\n", "s": "".join("%d\n" % i for i in range(1, 31)), "t": "x\ty\n\tz\n",
       "p": "one\ftwo\n\fthree\f\n\f\nfour\nfive\fsix", "e": ""}
for s in ["-l 0 f", "-l x f", "-l 99999999999 f", "-l 5x f", "-l -3 f", "-l ' 7' f", "-l +7 f", "-l 2147483648 f",
          "-w 0 f", "-W x f", "-N x f", "-N -5 -n f", "-N -3000000000 f", "-o -1 f", "-o 99999999999 f",
          "-e5x f", "-e0 f", "-ex99999999999 f", "-ex99999999999999999999x f", "-n:0 f", "-n:-2 f", "-i-3 -t t",
          "-n' 4' -t f", "+abc f", "+ f", "+:5 f", "+0 f", "+3:2 f", "+3:x f", "+99999999999999999999999 f",
          "+3x f", "+2:5x f", "+-1 f", "'+ 2' -l 12 s", "+1:1 +2 f", "--pages=2 +1 -l 12 s",
          "+2 --pages=1:1 -l 12 s", "--pages=x f", "--pages=0 f", "--pages f", "--pages=3:1 f", "--pa=2 -l 12 s",
          "--columns=0 f", "-0 f", "--columns=x f", "-3 -m f", "-a -m f", "-x f", "--foo f", "-D", "--s f",
          "-2 -l 2147483647 f", "-2 -w 2 f", "-n -w 3 -2 f", "--c f", "--co=2 -t s", "-1 -2 -t s",
          "-1 -a -2 -t s", "-1 f -2 -t s", "--columns=3 -2 -t s", "-3 --columns=2 -t s", "-99999999999 f",
          "-t -l", "--expand-tabs= f", "--expand-tabs= 5 -t t", "--number-lines=x7 -t f",
          "--output-tabs=:3 -t -o 7 f", "-t --sep-string -2 s", "-t --separator=XY -2 s", "-t -s -w 20 -2 s",
          "-t -w 20 s", "-t -W 3 t", "-t -J -W 3 t", "-t -w 10 -W 5 -2 s", "-t -W 10 -w 5 -2 s", "-t -S: -s -2 s",
          "-t -s: -S -2 s", "-m -t f nofile", "-m -t nofile1 nofile2", "-m -r -t nofile1 nofile2", "nofile",
          "-r nofile", "-t - f -", "-t -m - - f", "-t -m -n f s", "-t -m -n -s: f s", "-t -m -J f s t",
          "-t -m -S'<>' f s t", "-t -m -W 30 f s t", "-F -l 5 f", "-f -l 20 f", "-l 10 f", "-l 11 f", "-d -l 14 s",
          "-T -d s", "-t -o 3 -n f", "-h '' f", "-h \"$(printf 'a\\tb')\" f",
          "-h 'a header that is longer than the page is wide, so it pushes the page number out of line' f",
          "-D '%%Y %s %Z %z %A' f", "-D '' f", "-w 10 -D '' f", "-W 30 f", "-o 4 -W 30 f", "-d -t f", "-c -v -t t",
          "-t -3 -a -n s", "-t -3 -n s", "-t -2 -n: s", "-t -2 -n:2 -i -e s", "p", "-t p", "-T p", "-l 12 p",
          "-2 -l 13 p", "-a -2 -t p", "-m -t p f p", "-m -D x p s", "+2 -l 12 p", "+3 -t -l 2 p", "-n -t p",
          "-t -N 10 +2 -l 3 -n s", "e", "-t e", "-m -D x e f", "d", "f d f", "-m -D x f d",
          "-D x < f", "-t -e -s' ' -2 t", "-v -t -2 t", "-t -w 72 -3 -n s"]:
    case("mkdir d; touch -d '2020-02-29 12:34:56' f s t p e; pr " + s, prf, "in1\nin2\n")
for s in ["seq 1 5000 | pr -5 -D x | md5sum", "seq 1 3000 | pr -t -a -4 -n | tail -3",
          "seq 20000 | pr -m -D x - f | md5sum", "printf '%05000d\\n' 0 | pr -t -3 | wc -c",
          "printf '%05000d' 0 | pr -t | wc -c", "seq 3 | pr -l 20000 -D x | wc -c",
          "seq 1 3000 | pr -l 100 -D x -3 +5:7 | md5sum", "seq 1 3000 | pr -T -9 -n | md5sum",
          "while :; do echo y; done | pr -t | head -3", "seq 100 | pr -t -o 200 -4 | md5sum",
          "printf 'a\\tb\\n' | pr -t -e1000 | wc -c", "POSIXLY_CORRECT=1 pr f | head -3",
          "printf 'x\\n' | LC_ALL=C.UTF-8 POSIXLY_CORRECT=1 pr -h 'h\\303\\251' | head -3 | wc -c"]:
    case("touch -d '2020-02-29 12:34:56' f; " + s, {"f": "a\nb\n"})

# ---- grep -P: look-around, back-references and \K (the backtracking engine)
perl_text = {"data.csv": "name,age,city\nalice,30,NYC\nbob,25,LA\ncarol,35,NYC\naa,1,bb\n"}
for s in ["grep -oP '(?<=,)\\d+' data.csv", "grep -P '^(?!bob)\\w+,' data.csv",
          "grep -oP 'name,\\Kage' data.csv", "grep -P '(\\w)\\1' data.csv",
          "grep -oP '\\d+(?=,)' data.csv", "grep -noP '(?<=,)[A-Z]+$' data.csv",
          "grep -cP '(?<!c)a' data.csv", "grep -vP '(?=.*NYC)' data.csv",
          "grep -oP '^\\w+(?=,3)' data.csv", "grep -P -i '(?<=,)nyc' data.csv"]:
    case(s, perl_text)

if __name__ == "__main__":
    for c in cases:
        print(json.dumps(c))
