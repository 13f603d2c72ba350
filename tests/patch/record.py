# Records GNU patch 2.7.6's behaviour for generated and hand-written cases.
# Run from this directory: python3 record.py > cases.jsonl
# Each case: the files before (the patch is one of them), the argv (run in that directory with
# the named file, if any, on standard input), and what GNU patch printed, returned and left.
import json, os, random, shutil, subprocess, tempfile

rng = random.Random(20261201)
ENV = {"PATH": "/usr/bin:/bin", "LC_ALL": "C"}
WORDS = ["a", "b", "c", "d", "e", "x", "", "foo bar", "  indented", "}", "{", "end"]


def run_case(name, files, argv, stdin=None):
    d = tempfile.mkdtemp()
    try:
        for rel, content in files.items():
            p = os.path.join(d, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "wb") as f:
                f.write(content.encode())
        inp = open(os.path.join(d, stdin), "rb") if stdin else subprocess.DEVNULL
        r = subprocess.run(argv, cwd=d, stdin=inp, capture_output=True, env=ENV)
        after = {}
        for root, dirs, names in os.walk(d):
            for n in names:
                p = os.path.join(root, n)
                after[os.path.relpath(p, d)] = open(p, "rb").read().decode()
        return {
            "name": name,
            "files": files,
            "argv": argv,
            "stdin": stdin,
            "stdout": r.stdout.decode(),
            "stderr": r.stderr.decode(),
            "status": r.returncode,
            "after": dict(sorted(after.items())),
        }
    finally:
        shutil.rmtree(d)


def text(lines, nl=True):
    s = "\n".join(lines)
    if lines and nl:
        s += "\n"
    return s


def make(lo=0, hi=20):
    return [rng.choice(WORDS) for _ in range(rng.randint(lo, hi))]


def mutate(lines, edits=None):
    out = list(lines)
    for _ in range(edits if edits is not None else rng.randint(1, 4)):
        op = rng.random()
        if op < 0.3 and out:
            del out[rng.randrange(len(out))]
        elif op < 0.65:
            out.insert(rng.randint(0, len(out)), rng.choice(WORDS) + "+")
        elif out:
            out[rng.randrange(len(out))] = rng.choice(WORDS) + "*"
    return out


def udiff(old, new, label_a, label_b, ctx=3):
    d = tempfile.mkdtemp()
    try:
        open(os.path.join(d, "o"), "w").write(old)
        open(os.path.join(d, "n"), "w").write(new)
        r = subprocess.run(
            ["diff", "-U%d" % ctx, "--label", label_a, "--label", label_b, "o", "n"],
            cwd=d, capture_output=True, env=ENV)
        return r.stdout.decode()
    finally:
        shutil.rmtree(d)


def perturb(lines):
    """The file the patch is applied to: the original, shifted, edited or replaced."""
    out = list(lines)
    kind = rng.random()
    if kind < 0.3:
        return out, "same"
    if kind < 0.55:
        k = rng.randint(1, 4)
        at = 0 if rng.random() < 0.6 else len(out)
        for _ in range(k):
            out.insert(at, "pad%d" % rng.randint(0, 9))
        return out, "shifted"
    if kind < 0.85 and out:
        for _ in range(rng.randint(1, 2)):
            out[rng.randrange(len(out))] = "changed"
        return out, "edited"
    if out:
        del out[rng.randrange(len(out))]
    return out, "deleted-line"


OPTION_POOL = [[], [], [], ["-s"], ["--dry-run"], ["-N"], ["-f"], ["-t"], ["-b"],
               ["--no-backup-if-mismatch"], ["-E"], ["-F0"], ["-F", "1"], ["--fuzz=3"],
               ["-o", "out"], ["-R"], ["-u"], ["--forward"], ["--silent"], ["--quiet"],
               ["-r", "rejects"], ["-r", "-"], ["--binary"]]

cases = []

# Single-file unified patches applied to perturbed targets.
for k in range(400):
    old = make()
    new = mutate(old)
    nl_old, nl_new = rng.random() < 0.9, rng.random() < 0.9
    ctx = rng.choice([3, 3, 3, 1, 2, 0, 5])
    prefixed = rng.random() < 0.5
    la, lb = ("a/f", "b/f") if prefixed else ("f", "f")
    patch = udiff(text(old, nl_old), text(new, nl_new), la, lb, ctx)
    if not patch:
        continue
    reverse = rng.random() < 0.12
    base = new if reverse else old
    base_nl = nl_new if reverse else nl_old
    target, how = perturb(base)
    opts = list(rng.choice(OPTION_POOL))
    if reverse and rng.random() < 0.7:
        opts.append("-R")
    if prefixed:
        opts.insert(0, "-p1")
    files = {"f": text(target, base_nl), "p": patch}
    if rng.random() < 0.5:
        argv = ["patch"] + opts + ["-i", "p"]
        stdin = None
    else:
        argv = ["patch"] + opts
        stdin = "p"
    cases.append(run_case("single-%d-%s" % (k, how), files, argv, stdin))

# Longer files with several hunks: some hunks shifted, some broken, header numbers wrong.
SMALL = ["a", "b", "c", "x", "", "}"]


def renumber(patch, delta):
    out = []
    for l in patch.split("\n"):
        if l.startswith("@@ -"):
            head, _, tail = l[4:].partition(" @@")
            old, new = head.split(" +")
            def shift(r):
                if "," in r:
                    a, b = r.split(",")
                    return "%d,%s" % (max(0, int(a) + delta), b)
                return "%d" % max(0, int(r) + delta)
            l = "@@ -%s +%s @@%s" % (shift(old), shift(new), tail)
        out.append(l)
    return "\n".join(out)


for k in range(350):
    pool = SMALL if rng.random() < 0.5 else WORDS
    old = [rng.choice(pool) for _ in range(rng.randint(15, 45))]
    new = list(old)
    for _ in range(rng.randint(2, 5)):
        i = rng.randrange(len(new) + 1)
        op = rng.random()
        if op < 0.3 and i < len(new):
            del new[i]
        elif op < 0.6:
            new.insert(i, rng.choice(pool) + "+")
        elif i < len(new):
            new[i] = rng.choice(pool) + "*"
    ctx = rng.choice([3, 3, 2, 1, 0])
    patch = udiff(text(old), text(new), "f", "f", ctx)
    if not patch:
        continue
    if rng.random() < 0.25:
        patch = renumber(patch, rng.randint(-5, 5))
    reverse = rng.random() < 0.15
    target = list(new if reverse else old)
    for _ in range(rng.randint(0, 3)):
        r = rng.random()
        i = rng.randrange(len(target) + 1)
        if r < 0.4:
            for _ in range(rng.randint(1, 3)):
                target.insert(i, rng.choice(pool))
        elif r < 0.7 and i < len(target):
            del target[i]
        elif i < len(target):
            target[i] = "changed"
    opts = list(rng.choice([[], [], [], ["-F0"], ["-F1"], ["-F3"], ["-s"], ["--dry-run"], ["-N"], ["-f"], ["-t"], ["-o", "out"], ["-E"]]))
    if reverse:
        opts.append("-R")
    files = {"f": text(target), "p": patch}
    cases.append(run_case("hunks-%d" % k, files, ["patch"] + opts + ["-i", "p"], None))

# Applying a patch a second time (reversed detection) and with -R.
for k in range(50):
    old = make(3)
    new = mutate(old)
    patch = udiff(text(old), text(new), "f", "f", rng.choice([1, 3]))
    if not patch:
        continue
    opts = rng.choice([[], ["-N"], ["-f"], ["-t"], ["-s"], ["-R"], ["--dry-run"], ["-R", "-N"]])
    cases.append(run_case("twice-%d" % k, {"f": text(new), "p": patch}, ["patch"] + opts, "p"))

# Multi-file patches from diff -ruN, with creations and deletions.
for k in range(80):
    names = ["f1", "f2", "sub/f3", "sub/f4"]
    a, b = {}, {}
    for n in names:
        r = rng.random()
        lines = make(1)
        if r < 0.15:
            b[n] = text(lines)
        elif r < 0.3:
            a[n] = text(lines)
        else:
            a[n] = text(lines)
            b[n] = text(mutate(lines) if rng.random() < 0.8 else lines)
    d = tempfile.mkdtemp()
    for side, tree in (("a", a), ("b", b)):
        os.makedirs(os.path.join(d, side, "sub"))
        for n, c in tree.items():
            open(os.path.join(d, side, n), "w").write(c)
    r = subprocess.run(["diff", "-ruN", "a", "b"], cwd=d, capture_output=True, env=ENV)
    shutil.rmtree(d)
    patch = r.stdout.decode()
    # Normalise the time stamps of the headers: GNU treats an epoch stamp as "no file".
    lines = []
    for l in patch.split("\n"):
        if (l.startswith("--- ") or l.startswith("+++ ")) and "\t" in l:
            name, stamp = l.split("\t", 1)
            if not stamp.startswith("1970-01-01"):
                stamp = "2020-02-02 10:00:00.000000000 +0000"
            l = name + "\t" + stamp
        lines.append(l)
    patch = "\n".join(lines)
    files = {"p": patch}
    for n, c in a.items():
        if rng.random() < 0.85:
            files[n] = c if rng.random() < 0.7 else text(perturb(c.splitlines())[0])
    opts = rng.choice([[], [], ["--dry-run"], ["-s"], ["-E"], ["-b"], ["-N"], ["-f"]])
    cases.append(run_case("multi-%d" % k, files, ["patch", "-p1"] + opts, "p"))

F = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"
HUNK = "@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n"
hand = [
    ("garbage", {"p": "hello\nworld\n"}, ["patch"], "p"),
    ("empty", {"p": ""}, ["patch"], "p"),
    ("malformed", {"f": F, "p": "--- f\n+++ f\n@@ -2,3 +2,3 @@\n b\n-c\nxx\n d\n"}, ["patch"], "p"),
    ("truncated-hunk", {"f": F, "p": "--- f\n+++ f\n@@ -2,3 +2,3 @@\n b\n-c\n+C\n"}, ["patch"], "p"),
    ("truncated-long", {"f": F, "p": "--- f\n+++ f\n@@ -2,6 +2,6 @@\n b\n-c\n+C\n"}, ["patch"], "p"),
    ("blank-context-stripped", {"f": "a\n\nb\nc\n", "p": "--- f\n+++ f\n@@ -1,4 +1,4 @@\n a\n\n-b\n+B\n c\n"}, ["patch"], "p"),
    ("missing-file", {"p": "--- g\n+++ g\n" + HUNK}, ["patch"], "p"),
    ("missing-file-p1", {"p": "--- a/g\n+++ b/g\n" + HUNK}, ["patch", "-p1"], "p"),
    ("missing-file-f", {"p": "--- g\n+++ g\n" + HUNK}, ["patch", "-f"], "p"),
    ("missing-then-ok", {"f": F, "p": "--- g\n+++ g\n" + HUNK + "--- f\n+++ f\n" + HUNK}, ["patch"], "p"),
    ("ok-then-missing", {"f": F, "p": "--- f\n+++ f\n" + HUNK + "--- g\n+++ g\n" + HUNK}, ["patch"], "p"),
    ("ok-then-malformed", {"f": F, "g": F, "p": "--- f\n+++ f\n" + HUNK + "--- g\n+++ g\n@@ -2,3 +2,3 @@\n b\n?c\n"}, ["patch"], "p"),
    ("leading-text", {"f": F, "p": "From: someone\nSubject: fix\n\n---\n f | 2 +-\n\ndiff --git a/f b/f\nindex 1234567..89abcde 100644\n--- a/f\n+++ b/f\n" + HUNK + "-- \n2.30.0\n"}, ["patch", "-p1"], "p"),
    ("git-new-file", {"p": "diff --git a/n b/n\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/n\n@@ -0,0 +1,2 @@\n+one\n+two\n"}, ["patch", "-p1"], "p"),
    ("git-deleted-file", {"n": "one\ntwo\n", "p": "diff --git a/n b/n\ndeleted file mode 100644\nindex 1111111..0000000\n--- a/n\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n"}, ["patch", "-p1"], "p"),
    ("delete-differs", {"n": "one\ntwo\nthree\n", "p": "--- a/n\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n"}, ["patch", "-p1"], "p"),
    ("delete-missing", {"p": "--- a/n\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n"}, ["patch", "-p1"], "p"),
    ("create-exists", {"n": "x\n", "p": "--- /dev/null\n+++ n\n@@ -0,0 +1,2 @@\n+one\n+two\n"}, ["patch"], "p"),
    ("create-exists-N", {"n": "x\n", "p": "--- /dev/null\n+++ n\n@@ -0,0 +1,2 @@\n+one\n+two\n"}, ["patch", "-N"], "p"),
    ("create-exists-empty", {"n": "", "p": "--- /dev/null\n+++ n\n@@ -0,0 +1,2 @@\n+one\n+two\n"}, ["patch"], "p"),
    ("create-in-new-dir", {"p": "--- /dev/null\n+++ b/d/e/n\n@@ -0,0 +1 @@\n+one\n"}, ["patch", "-p1"], "p"),
    ("create-epoch", {"p": "--- n\t1970-01-01 00:00:00.000000000 +0000\n+++ n\t2020-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1 @@\n+one\n"}, ["patch"], "p"),
    ("create-R", {"n": "one\ntwo\n", "p": "--- /dev/null\n+++ n\n@@ -0,0 +1,2 @@\n+one\n+two\n"}, ["patch", "-R"], "p"),
    ("empty-result-E", {"f": "one\n", "p": "--- f\n+++ f\n@@ -1 +0,0 @@\n-one\n"}, ["patch", "-E"], "p"),
    ("empty-result", {"f": "one\n", "p": "--- f\n+++ f\n@@ -1 +0,0 @@\n-one\n"}, ["patch"], "p"),
    ("no-newline-add", {"f": "a\nb", "p": "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"}, ["patch"], "p"),
    ("no-newline-mismatch", {"f": "a\nb\n", "p": "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n"}, ["patch"], "p"),
    ("orig-file-operand", {"input": "abc\n123\n", "a.patch": "--- foo.old\n+++ foo\n@@ -1,2 +1,3 @@\n abc\n+def\n 123\n"}, ["patch", "input", "a.patch"], None),
    ("orig-file-operand-stdin", {"input": "abc\n123\n", "a.patch": "--- foo.old\n+++ foo\n@@ -1,2 +1,3 @@\n abc\n+def\n 123\n"}, ["patch", "input"], "a.patch"),
    ("dir-option", {"sub/f": F, "p": "--- f\n+++ f\n" + HUNK}, ["patch", "-d", "sub", "-i", "../p"], None),
    ("dir-missing", {"p": "--- f\n+++ f\n" + HUNK}, ["patch", "-d", "nodir", "-i", "p"], None),
    ("patch-file-missing", {}, ["patch", "-i", "nope"], None),
    ("name-with-space", {"x y": F, "p": "--- a/x y\t2020-01-01 00:00:00.000000000 +0000\n+++ b/x y\t2020-01-01 00:00:00.000000000 +0000\n@@ -2,3 +2,3 @@ func\n b\n-Q\n+C\n d\n"}, ["patch", "-p1"], "p"),
    ("index-line", {"f": F, "p": "Index: f\n===================================================================\n--- f.orig\n+++ f.new\n" + HUNK}, ["patch"], "p"),
    ("basename-default", {"f": F, "p": "--- a/sub/f\n+++ b/sub/f\n" + HUNK}, ["patch"], "p"),
    ("strip-too-far", {"f": F, "p": "--- a/f\n+++ b/f\n" + HUNK}, ["patch", "-p3"], "p"),
    ("strip-bad", {"p": ""}, ["patch", "-px"], "p"),
    ("unknown-option", {"p": ""}, ["patch", "--frobnicate"], "p"),
    ("invalid-option", {"p": ""}, ["patch", "-Q"], "p"),
    ("missing-arg", {"p": ""}, ["patch", "-p"], "p"),
    ("fuzz-2-anywhere", {"f": "100\n101\n1\n2\n3\nQ\n5\n6\n", "p": "--- f\n+++ f\n@@ -3,3 +3,6 @@\n 3\n+a\n+b\n+c\n 4\n 5\n"}, ["patch"], "p"),
    ("same-file-twice", {"f": F, "p": "--- f\n+++ f\n" + HUNK + "--- f\n+++ f\n@@ -8,3 +8,3 @@\n h\n-i\n+I\n j\n"}, ["patch"], "p"),
    ("same-file-twice-fail", {"f": F, "p": "--- f\n+++ f\n@@ -2,3 +2,3 @@\n b\n-q\n+C\n d\n" + "--- f\n+++ f\n@@ -8,3 +8,3 @@\n h\n-q\n+I\n j\n"}, ["patch"], "p"),
    ("output-multi", {"f": F, "g": F, "p": "--- f\n+++ f\n" + HUNK + "--- g\n+++ g\n" + HUNK}, ["patch", "-o", "out"], "p"),
    ("output-dash", {"f": F, "p": "--- f\n+++ f\n" + HUNK}, ["patch", "-o", "-"], "p"),
    ("backup-new-file", {"p": "--- /dev/null\n+++ n\n@@ -0,0 +1 @@\n+one\n"}, ["patch", "-b"], "p"),
    ("backup-twice", {"f": F, "p": "--- f\n+++ f\n" + HUNK + "--- f\n+++ f\n@@ -8,3 +8,3 @@\n h\n-i\n+I\n j\n"}, ["patch", "-b"], "p"),
    ("hunk-without-header", {"f": F, "p": HUNK}, ["patch"], "p"),
    ("hunk-without-header-file", {"f": F, "p": HUNK}, ["patch", "f"], "p"),
    ("crlf-patch", {"f": F, "p": "--- f\r\n+++ f\r\n@@ -2,3 +2,3 @@\r\n b\r\n-c\r\n+C\r\n d\r\n"}, ["patch"], "p"),
    ("dangerous-name", {"p": "--- ../x\n+++ ../x\n@@ -0,0 +1 @@\n+one\n"}, ["patch"], "p"),
    ("absolute-name", {"p": "--- /tmp/shellsim-patch-test-x\n+++ /tmp/shellsim-patch-test-x\n@@ -1 +1 @@\n-a\n+b\n"}, ["patch"], "p"),
    ("rej-after-offset", {"f": "0\n1\n2\n" + F, "p": "--- f\n+++ f\n" + HUNK + "@@ -8,3 +8,4 @@\n h\n-Q\n+I\n+J\n j\n"}, ["patch"], "p"),
    ("rej-names-differ", {"f": F, "p": "--- a/f.orig\t2020-01-01\n+++ b/f\t2020-01-02\n@@ -2,3 +2,3 @@\n b\n-Q\n+C\n d\n"}, ["patch", "-p1"], "p"),
    ("rej-no-newline", {"f": F, "p": "--- f\n+++ f\n@@ -9,2 +9,2 @@\n i\n-Q\n+j\n\\ No newline at end of file\n"}, ["patch"], "p"),
    ("rej-zero-context", {"f": F, "p": "--- f\n+++ f\n@@ -3 +3 @@\n-Q\n+C\n@@ -5,0 +6,2 @@\n+x\n+y\n"}, ["patch", "-F0"], "p"),
    ("dry-run-fail", {"f": F, "p": "--- f\n+++ f\n@@ -2,3 +2,3 @@\n b\n-Q\n+C\n d\n"}, ["patch", "--dry-run"], "p"),
    ("silent-fail", {"f": F, "p": "--- f\n+++ f\n@@ -2,3 +2,3 @@\n b\n-Q\n+C\n d\n"}, ["patch", "-s"], "p"),
    ("reverse-twice-Rt", {"f": F, "p": "--- f\n+++ f\n" + HUNK}, ["patch", "-R", "-t"], "p"),
    ("git-rename", {"f": F, "p": "diff --git a/f b/g\nsimilarity index 90%\nrename from f\nrename to g\n--- a/f\n+++ b/g\n" + HUNK}, ["patch", "-p1"], "p"),
    ("git-rename-only", {"f": F, "p": "diff --git a/f b/g\nsimilarity index 100%\nrename from f\nrename to g\n"}, ["patch", "-p1"], "p"),
    ("git-copy", {"f": F, "p": "diff --git a/f b/g\ncopy from f\ncopy to g\n--- a/f\n+++ b/g\n" + HUNK}, ["patch", "-p1"], "p"),
    ("git-binary", {"f": F, "p": "diff --git a/f b/f\nindex 1..2\nGIT binary patch\nliteral 0\nHcmV?d00001\n\n"}, ["patch", "-p1"], "p"),
    ("git-mode-and-hunk", {"f": F, "p": "diff --git a/f b/f\nold mode 100644\nnew mode 100755\n--- a/f\n+++ b/f\n" + HUNK}, ["patch", "-p1"], "p"),
    ("reject-dash", {"f": F, "p": "--- f\n+++ f\n@@ -2,3 +2,3 @@\n b\n-Q\n+C\n d\n"}, ["patch", "-r", "-"], "p"),
    ("reject-file", {"f": F, "g": F, "p": "--- f\n+++ f\n@@ -2,3 +2,3 @@\n b\n-Q\n+C\n d\n--- g\n+++ g\n@@ -2,3 +2,3 @@\n b\n-Q\n+C\n d\n"}, ["patch", "-r", "all.rej"], "p"),
    ("reverse-rej-header", {"f": "a\nb\nc\n", "p": "--- a/old\t2020-01-01 x\n+++ b/f\t2021-02-02 y\n@@ -1,3 +1,3 @@\n a\n-Q\n+Z\n c\n"}, ["patch", "-R", "-p1"], "p"),
    ("reverse-creation-declined", {"f": "a\nb\nc\n", "p": "--- /dev/null\n+++ b/f\n@@ -0,0 +1,3 @@\n+a\n+Q\n+c\n"}, ["patch", "-R", "-p1"], "p"),
    ("interleaved-changes", {"f": F, "p": "--- f\n+++ f\n@@ -2,4 +2,4 @@\n b\n-c\n+C\n-Q\n+D\n e\n"}, ["patch"], "p"),
    ("unterminated-last-line", {"f": "a\nb\nc\n", "p": "--- f\n+++ f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c"}, ["patch"], "p"),
    ("whitespace-only", {"p": "\n\n"}, ["patch"], "p"),
    ("version", {}, ["patch", "--version"], None),
    ("extra-operand", {}, ["patch", "a", "b", "c"], None),
    ("fuzz-not-number", {}, ["patch", "-F", "x"], None),
    ("strip-negative", {}, ["patch", "-p", "-1"], None),
    ("misordered", {"f": F, "p": "--- f\n+++ f\n@@ -8,3 +8,3 @@\n h\n-i\n+I\n j\n@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n"}, ["patch"], "p"),
    ("crlf-file-lf-patch", {"f": "a\r\nb\r\nc\r\n", "p": "--- f\n+++ f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"}, ["patch"], "p"),
    ("crlf-file-crlf-patch", {"f": "a\r\nb\r\nc\r\n", "p": "--- f\r\n+++ f\r\n@@ -1,3 +1,3 @@\r\n a\r\n-b\r\n+B\r\n c\r\n"}, ["patch"], "p"),
    ("crlf-file-crlf-patch-binary", {"f": "a\r\nb\r\nc\r\n", "p": "--- f\r\n+++ f\r\n@@ -1,3 +1,3 @@\r\n a\r\n-b\r\n+B\r\n c\r\n"}, ["patch", "--binary"], "p"),
    ("p0-with-dirs", {"a/f": F, "p": "--- a/f\n+++ a/f\n" + HUNK}, ["patch", "-p0"], "p"),
    ("no-p-dir-exists", {"a/f": F, "f": F, "p": "--- a/f\n+++ a/f\n" + HUNK}, ["patch"], "p"),
    ("dangerous-p0", {"p": "--- ../x\n+++ ../x\n@@ -0,0 +1 @@\n+one\n"}, ["patch", "-p0"], "p"),
    ("dangerous-absolute-p0", {"p": "--- /tmp/shellsim-patch-abs\n+++ /tmp/shellsim-patch-abs\n@@ -0,0 +1 @@\n+one\n"}, ["patch", "-p0"], "p"),
    ("empty-out-already-empty", {"f": "", "p": "--- f\n+++ f\n@@ -1,2 +0,0 @@\n-a\n-b\n"}, ["patch"], "p"),
    ("empty-out-missing-R", {"p": "--- /dev/null\n+++ f\n@@ -0,0 +1,2 @@\n+a\n+b\n"}, ["patch", "-R"], "p"),
    ("create-exists-t", {"n": "x\n", "p": "--- /dev/null\n+++ n\n@@ -0,0 +1,2 @@\n+one\n+two\n"}, ["patch", "-t"], "p"),
    ("create-exists-f", {"n": "x\n", "p": "--- /dev/null\n+++ n\n@@ -0,0 +1,2 @@\n+one\n+two\n"}, ["patch", "-f"], "p"),
    ("create-exists-s", {"n": "x\n", "p": "--- /dev/null\n+++ n\n@@ -0,0 +1,2 @@\n+one\n+two\n"}, ["patch", "-s"], "p"),
    ("two-hunks-overlapping-context", {"f": F, "p": "--- f\n+++ f\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n d\n@@ -3,4 +3,4 @@\n c\n d\n-e\n+E\n f\n"}, ["patch"], "p"),
    ("hunk-beyond-eof", {"f": "1\n2\n3\n4\n5\n", "p": "--- f\n+++ f\n@@ -10,2 +10,3 @@\n a\n+X\n b\n"}, ["patch", "-F1"], "p"),
    ("reverse-second-hunk", {"f": "a\nb\nC\nd\ne\nf\ng\nh\ni\nj\n", "p": "--- f\n+++ f\n@@ -8,3 +8,3 @@\n h\n-i\n+I\n j\n" + HUNK}, ["patch"], "p"),
]
for name, files, argv, stdin in hand:
    cases.append(run_case(name, files, argv, stdin))

for c in cases:
    print(json.dumps(c))
