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
