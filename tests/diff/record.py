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
