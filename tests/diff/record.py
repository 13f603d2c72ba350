# Records GNU diff's output for generated file pairs (run: python3 gen_diff.py > cases.jsonl).
import json, random, subprocess, tempfile, os
rng = random.Random(20261130)
alphabet = ["a", "b", "c", "d", "e", "x", "", "foo bar", "Foo  Bar", "  indented"]
def make():
    n = rng.randint(0, 12)
    return [rng.choice(alphabet) for _ in range(n)]
def mutate(lines):
    out = list(lines)
    for _ in range(rng.randint(0, 4)):
        op = rng.random()
        if op < 0.35 and out:
            del out[rng.randrange(len(out))]
        elif op < 0.7:
            out.insert(rng.randint(0, len(out)), rng.choice(alphabet))
        elif out:
            out[rng.randrange(len(out))] = rng.choice(alphabet)
    return out
def text(lines, nl):
    s = "\n".join(lines)
    if lines and nl:
        s += "\n"
    return s
flags_pool = [[], ["-u"], ["-c"], ["-U", "1"], ["-U", "0"], ["-i"], ["-w"], ["-b"], ["-q"], ["-B"], ["-C", "1"]]
cases = []
d = tempfile.mkdtemp()
for k in range(260):
    a = make()
    b = mutate(a) if rng.random() < 0.85 else make()
    na, nb = rng.random() < 0.9, rng.random() < 0.9
    ta, tb = text(a, na), text(b, nb)
    flags = rng.choice(flags_pool)
    open(os.path.join(d, "a"), "w").write(ta)
    open(os.path.join(d, "b"), "w").write(tb)
    extra = ["--label", "a", "--label", "b"] if any(f in ("-u", "-c", "-U", "-C") for f in flags) else []
    argv = ["diff"] + flags + extra + ["a", "b"]
    r = subprocess.run(argv, cwd=d, capture_output=True)
    cases.append({"argv": argv, "a": ta, "b": tb, "stdout": r.stdout.decode(), "status": r.returncode})
for c in cases:
    print(json.dumps(c))

# ---- side by side (-y): appended after the random pairs so they keep their order. Fixed pairs
# (tabs, long lines, missing final newlines, control bytes) and random ones, in the C locale.
side = [
    (["-y"], "a\nb\tx\nc\nd\n", "a\nB\nc\ne\nf\n"),
    (["-y", "-W", "40"], "one\ntwo\nthree\n", "one\nTWO\nthree\nfour\n"),
    (["-y", "-W", "41"], "one\ntwo\nthree\n", "zero\none\nthree\n"),
    (["-y", "-W", "12"], "x\x01\x01y\n\xc3\xa9\xe9zzzzzzzzzz\n", "q\n"),
    (["-y", "-W", "20"], "abcdefghijklmnopqrstuvwxyz\n", "ABCDEFGHIJKLMNOPQRSTUVWXYZ\n"),
    (["-y", "-W", "1"], "a\nb\n", "a\nc\n"),
    (["-y", "-W", "5"], "a\nb\n", "a\nc\n"),
    (["-y", "-W", "8"], "abc\nb\n", "abc\nc\n"),
    (["-y", "-W", "17"], "a\tb\tc\n", "a\tb\n"),
    (["-y", "-W", "33"], "\tindented\n\t\tmore\nplain\n", "\tindented\n\t\tMORE\n"),
    (["-y"], "no newline", "no newline"),
    (["-y"], "a\nlast", "a\nlast\n"),
    (["-y"], "a\nlast\n", "a\nlast"),
    (["-y"], "a\nx", "a\ny"),
    (["-y"], "", "a\nb\n"),
    (["-y"], "a\nb\n", ""),
    (["-y"], "", ""),
    (["-y"], "same\nlines\n\nhere\n", "same\nlines\n\nhere\n"),
    (["-y", "-s"], "same\n", "same\n"),
    (["-y", "--suppress-common-lines"], "a\nb\nc\nd\n", "a\nB\nc\nd\ne\n"),
    (["-y", "--suppress-common-lines"], "same\n", "same\n"),
    (["-y", "--left-column"], "a\nb\nc\nd\n", "a\nB\nc\nd\ne\n"),
    (["-y", "--left-column", "--suppress-common-lines"], "a\nb\nc\n", "a\nB\nc\nd\n"),
    (["--side-by-side", "--width=50"], "a\n\nb\n", "a\nb\n\n"),
    (["-y", "-i"], "Hello\nWorld\n", "hello\nWORLD\nnew\n"),
    (["-y", "-w"], "a  b\nc\n", "ab\nc d\n"),
    (["-y", "-b"], "a  b\nc \n", "a b\nc\nd\n"),
    (["-y", "-B", "-W", "20"], "\n\nx\n", "x\n\n"),
    (["-y", "-B", "--left-column", "-W", "20"], "\n\nx\n", "x\n\n"),
    (["-y", "-t"], "a\tb\n\tc\n", "a\tB\n\tc\n"),
    (["-y", "-t", "-W", "31"], "a\tb\tc\td\te\n", "x\ty\n"),
    (["-y", "--tabsize=4", "-W", "40"], "a\tb\n\tc\n", "a\tB\n\tc\n"),
    (["-y", "-W", "30"], "a\rb\n\x08x\ny\x08z\n", "a\rc\n\x08x\n"),
    (["-y", "-W", "30"], "12345678901234\t5\n", "1\t\t\t\t2\n"),
    (["-y", "-W", "30", "-t"], "12345678901234\t5\n", "1\t\t\t\t2\n"),
    (["-t"], "a\tb\rc\td\n\x08e\x08f\n", "x\ny\n"),
    (["-t", "-c", "--label", "a", "--label", "b"], "a\tb\rc\td\n", "x\n"),
    (["-t", "-u", "--label", "a", "--label", "b"], "a\tb\rc\td\n", "x\n"),
    (["-y", "-q"], "a\n", "b\n"),
    (["-y", "-u"], "a\n", "b\n"),
    (["-c", "-y"], "a\n", "b\n"),
    (["-y", "-W", "0"], "a\n", "b\n"),
    (["-y", "-W", "-3"], "a\n", "b\n"),
    (["-y", "-W", "9x"], "a\n", "b\n"),
    (["-y", "-W", "20", "--width=21"], "a\n", "b\n"),
    (["-U", "5", "-U", "1", "--label", "a", "--label", "b"], "".join("%d\n" % i for i in range(20)),
     "".join(("X\n" if i == 10 else "%d\n" % i) for i in range(20))),
]
srng = random.Random(20261202)
salpha = ["a", "b", "c", "x", "", "foo bar", "\tt", "long " * 9, "Foo  Bar", "tab\there"]
for _ in range(16):
    la = [srng.choice(salpha) for _ in range(srng.randint(0, 9))]
    lb = list(la)
    for _ in range(srng.randint(1, 4)):
        k = srng.random()
        if k < 0.35 and lb:
            del lb[srng.randrange(len(lb))]
        elif k < 0.7:
            lb.insert(srng.randint(0, len(lb)), srng.choice(salpha))
        elif lb:
            lb[srng.randrange(len(lb))] = srng.choice(salpha)
    flags = srng.choice([["-y"], ["-y", "-W", "60"], ["-y", "-W", "37"], ["-y", "--left-column"],
                         ["-y", "--suppress-common-lines"], ["-y", "-t", "-W", "44"], ["-y", "-b"]])
    side.append((flags, text(la, srng.random() < 0.85), text(lb, srng.random() < 0.85)))
env = {"LC_ALL": "C", "PATH": "/usr/bin:/bin"}
for flags, ta, tb in side:
    open(os.path.join(d, "a"), "w", encoding="latin-1").write(ta)
    open(os.path.join(d, "b"), "w", encoding="latin-1").write(tb)
    argv = ["diff"] + flags + ["a", "b"]
    r = subprocess.run(argv, cwd=d, capture_output=True, env=env)
    print(json.dumps({"argv": argv, "a": ta, "b": tb, "stdout": r.stdout.decode("latin-1"),
                      "status": r.returncode}))

# ---- more options (-p -F -I -Z -E -T -e -n -D --strip-trailing-cr, and -x -X -S
# --from-file --to-file over directory trees): appended after the side-by-side cases. Fixed
# pairs against a set of option lists, then random pairs of mostly distinct lines (so that no
# two shortest edit scripts tie), all in the C locale. Tree cases carry a "files" map (a name
# ending in "/" is a directory) instead of "a" and "b".
def run_case(flags, files, operands):
    t = tempfile.mkdtemp()
    for name, data in files.items():
        p = os.path.join(t, name)
        if name.endswith("/"):
            os.makedirs(p, exist_ok=True)
            continue
        os.makedirs(os.path.dirname(p), exist_ok=True)
        open(p, "w", encoding="latin-1").write(data)
    argv = ["diff"] + flags + operands
    r = subprocess.run(argv, cwd=t, capture_output=True, env=env)
    return argv, r.stdout.decode("latin-1"), r.returncode

more_pairs = [
    ("a\nb\n\nc\td\ne", "a\nB\n\nC\td\ne\n"),
    ("x\n", ".\nx\n..\n"),
    ("a\nb", "a\nc"),
    ("x\na\nb", "a\nb"),
    ("int f()\n{\n a\n b\n c\n d\n e\n f\n g\n}\n", "int f()\n{\n a\n b\n c\n d\n e\n f\n G\n}"),
    ("f1\nx\nf2\n", "f1\nx\nf2\ny"),
    ("\tint main(void)   \n1\n2\n3\n4\n5\n", "\tint main(void)   \n1\n2\n3\n4\n5X\n"),
    ("static unsigned long very_long_function_name_for_testing_the_cut(int)\n1\n2\n3\n4\n",
     "static unsigned long very_long_function_name_for_testing_the_cut(int)\n1\n2\n3\n4x\n"),
    ("a\r\nb\r\nc\n", "a\nB\nc\r\n"),
    ("a\r", "a"),
    ("#a\nx\n#b\ny\nz\n", "#A\nx\n#b\nY\nz\n"),
    ("".join("%d\n" % i for i in range(1, 13)), "1\n2\nX\n4\n5\n6\n7\n8\n#\n10\n11\n12\n"),
    ("".join("%d\n" % i for i in range(1, 13)), "1\n#\n3\n4\n5\n#\n7\n8\nX\n10\n11\n12\n"),
    ("".join("%d\n" % i for i in range(1, 13)), "1\n2\n3\n4\n5\n6\n#7\n8\n9\nX\n11\n12\n"),
    ("a \nb\t\nc\n\td\n", "a\nb  \nc \n        d\n"),
    ("a\tb\n  \t\nx", "a       b\n\nx\n"),
]
more_flags = [
    ["-T"], ["-T", "-u"], ["-T", "-c"], ["-T", "-t"], ["-Tu", "-t"], ["-e"], ["-n"], ["-DFOO"],
    ["-T", "-e"], ["-e", "-t"], ["-DX", "-t"], ["-up"], ["-cp"], ["-p"], ["-U0", "-p"],
    ["-u", "-F", "^f"], ["-U0", "-F", "f"], ["-U1", "-p", "-F", "^#"], ["--strip-trailing-cr"],
    ["--strip-trailing-cr", "-u"], ["-I", "^#"], ["-u", "-I", "^#"], ["-U1", "-I", "#"],
    ["-c", "-I", "#"], ["-U2", "-I", "#", "-I", "X"], ["-e", "-I", "#"], ["-n", "-I", "#"],
    ["-DX", "-I", "#"], ["-q", "-I", "#"], ["-s", "-I", "#", "-I", "[0-9X]"], ["-B", "-u"],
    ["-Z"], ["-E"], ["-E", "-Z"], ["-Z", "-B"], ["-E", "--tabsize=4"], ["-u", "-Z", "-i"],
    ["--ignore-matching-lines=^[0-9]*$", "-u"], ["--color=never", "-u"], ["--color", "-c"],
]
labelled = lambda flags: any(f.startswith(("-u", "-c", "-U", "-C", "-p", "-T")) for f in flags)
for ta, tb in more_pairs:
    for flags in more_flags:
        extra = ["--label", "a", "--label", "b"] if labelled(flags) else []
        argv, out, status = run_case(flags + extra, {"a": ta, "b": tb}, ["a", "b"])
        print(json.dumps({"argv": argv, "a": ta, "b": tb, "stdout": out, "status": status}))

mrng = random.Random(20261201)
malpha = ["int f(void)", "static int g(int x)", "#if X", "#endif", "  indented", "\ttab", "x\ty",
          "x       y", "a ", "a\t", " a", "a\r", ".", "", "  ", "}", "{", "Foo Bar"]
mflags = [["-p", "-u"], ["-F", "^#", "-U1"], ["-p", "-c"], ["-I", "^#", "-u"], ["-I", "^$", "-U1"],
          ["-Z"], ["-E"], ["-E", "-Z", "-u"], ["-T", "-u"], ["-T"], ["-e"], ["-n"], ["-D", "X"],
          ["--strip-trailing-cr"], ["-B", "-Z", "-c"], ["-I", "a", "-e"]]
for k in range(60):
    # Numbered lines are all distinct; a few special lines are mixed in.
    base = ["line %d" % i for i in range(mrng.randint(0, 12))]
    for _ in range(mrng.randint(0, 3)):
        base.insert(mrng.randint(0, len(base)), mrng.choice(malpha))
    other = list(base)
    for _ in range(mrng.randint(1, 4)):
        op = mrng.random()
        if op < 0.35 and other:
            del other[mrng.randrange(len(other))]
        elif op < 0.7:
            other.insert(mrng.randint(0, len(other)), mrng.choice(malpha + ["new %d" % k]))
        elif other:
            other[mrng.randrange(len(other))] = mrng.choice(malpha + ["changed %d" % k])
    ta, tb = text(base, mrng.random() < 0.85), text(other, mrng.random() < 0.85)
    flags = mrng.choice(mflags)
    extra = ["--label", "a", "--label", "b"] if labelled(flags) else []
    argv, out, status = run_case(flags + extra, {"a": ta, "b": tb}, ["a", "b"])
    print(json.dumps({"argv": argv, "a": ta, "b": tb, "stdout": out, "status": status}))

tree = {"d1/a.c": "1\n", "d2/a.c": "2\n", "d1/b.o": "x\n", "d2/b.o": "y\n", "d1/sub/c.c": "p\n",
        "d2/sub/c.c": "q\n", "d1/.hid": "m\n", "d2/.hid": "n\n", "d1/only.o": "o\n",
        "ex": "*.o\n  \nsu?   \n", "d1/sp ace": "1\n", "d2/sp ace": "2\n", "d1/sub2/a": "1\n",
        "d2/sub2/a": "2\n", "d1/q'x": "1\n", "d2/q'x": "2\n", "d1/empty/": "", "d2/empty/": ""}
tree_flags = [
    ["-r", "-x", "*.o"], ["-r", "--exclude=*.o", "-x", ".h*"], ["-r", "-X", "ex"],
    ["-r", "--exclude-from=ex"], ["-r", "-x", "d1"], ["-r", "-x", "sub"], ["-r", "-S", "b.o"],
    ["-r", "-S", "sub"], ["-r", "--starting-file=c"], ["-S", "b"], ["-x", "sub*"],
    ["-ru", "-x", "*.o", "--label", "L", "--label", "R"], ["-r", "-X", "nope"], ["-r", "-q", "-x", "s*"],
    ["-r", "-x", "?.c", "-x", "*a*"], ["-r", "--ex=*.o"], ["-r", "--exclude", "*.o", "--"],
    ["-r", "-x", "[ab].*"], ["-r", "-Tx", "*.o"], ["-rx*.o"], ["-r", "-N", "-x", "sub*"],
    ["-r", "-S", "b.o", "-S", "b.o"], ["-r", "-S", "b.o", "-S", "c"], ["-r", "--color=never"],
    ["-r", "-e", "-x", "*.c"], ["-r", "-I", "[0-9]", "-x", "*.o"],
]
for flags in tree_flags:
    argv, out, status = run_case(flags, tree, ["d1", "d2"])
    print(json.dumps({"argv": argv, "files": tree, "stdout": out, "status": status}))
few = {"a": "1\n2\n", "b": "1\n3\n", "c": "1\n2\n", "d/a": "x\n"}
for flags in [["--from-file=a", "b", "c"], ["--to-file=a", "b", "c"], ["--from-file", "a"],
              ["--from-file=a", "--to-file=b", "c"], ["--from-file=d", "a", "b"], ["--to-file=a", "d"],
              ["--from-file=a", "--from-file=b", "c"]]:
    argv, out, status = run_case(flags, few, [])
    print(json.dumps({"argv": argv, "files": few, "stdout": out, "status": status}))
