# Records GNU gzip 1.12's compressed bytes for deterministic inputs, at several levels.
# Run from this directory: python3 record.py > cases.jsonl
#
# Inputs are not stored: each case names a generator (kind, size, seed) that
# src/commands/gzip/exact_tests.rs reimplements byte for byte, and the recording keeps the
# length and SHA-256 of `gzip -c -LEVEL FILE...` (files named f0, f1, ... with mtime T0, so
# the headers hold those names and that time). Several files in one run make one output of
# several members, compressed with the window gzip keeps from file to file.
import hashlib, json, os, subprocess, tempfile

T0 = 1700000000
MASK = (1 << 64) - 1
WORDS = [b"the", b"of", b"and", b"a", b"to", b"in", b"is", b"you", b"that", b"it", b"he",
         b"was", b"for", b"on", b"are", b"as", b"with", b"his", b"they", b"I", b"at", b"be",
         b"this", b"have", b"from", b"or", b"one", b"had", b"by", b"word", b"but", b"not",
         b"what", b"all", b"were", b"we", b"when", b"your", b"can", b"said", b"there",
         b"compression", b"window", b"deflate", b"1234", b"2025-01-01", b"ERROR", b"INFO"]


class Rng:
    """A 64-bit LCG (Knuth's MMIX constants); next() gives its top 32 bits."""

    def __init__(self, seed):
        self.x = (seed * 0x9E3779B97F4A7C15 + 1) & MASK

    def next(self):
        self.x = (self.x * 6364136223846793005 + 1442695040888963407) & MASK
        return self.x >> 32

    def below(self, n):
        return self.next() % n


def generate(kind, size, seed):
    r = Rng(seed)
    out = bytearray()
    if kind == "text":
        while len(out) < size:
            n = 4 + r.below(12)
            out += b" ".join(WORDS[r.below(len(WORDS))] for _ in range(n)) + b"\n"
    elif kind == "seq":
        i = 1
        while len(out) < size:
            out += b"%d\n" % i
            i += 1
    elif kind == "random":
        while len(out) < size:
            out.append(r.next() >> 24)
    elif kind == "runs":
        while len(out) < size:
            b = b"ab\x00\xff"[r.below(4)]
            n = 1 + (r.below(5000) if r.below(8) == 0 else r.below(300))
            out += bytes([b]) * n
    elif kind == "binary":
        i = 0
        while len(out) < size:
            out += (i & 0xFFFFFFFF).to_bytes(4, "little") + ((i * i) & 0xFFFF).to_bytes(2, "little")
            out += bytes([r.below(4), r.below(256) & 0x0F]) + b"TAG" + bytes([i % 7])
            i += 1
    elif kind == "repeat":
        block = bytes(r.next() >> 24 for _ in range(1000))
        while len(out) < size:
            out += block
            out[len(out) - 1 - r.below(1000)] ^= 1
    elif kind == "zeros":
        out = bytearray(size)
    elif kind == "mixed":
        while len(out) < size:
            if r.below(2):
                out += generate("text", 10000, r.next())
            else:
                out += generate("random", 3000 + r.below(7000), r.next())
    elif kind == "tails":
        # Runs of X broken by two zero bytes: the search at the end of a file then compares
        # the bytes past the end (zeroed, then left over) with these.
        while len(out) < size:
            out += b"X" * (40 + r.below(30)) + b"\0\0"
        out = out[:size - 60] + b"X" * 60
    elif kind == "const":
        out = bytearray(b"X" * size)
    elif kind == "probe":
        # Ends in "XYZ" with two earlier "XYZ\0\0" candidates: which one the search picks
        # depends on the bytes past the end, i.e. on what the previous file left there.
        out = bytearray(b"ab" + b"XYZ\0\0" + b"X" * 10 + b"cd" + b"XYZ" + b"\0" * 10 + b"ef" + b"XYZ")
    else:
        raise ValueError(kind)
    return bytes(out[:size])


def record(files, level, rsyncable=False):
    d = tempfile.mkdtemp()
    try:
        names = []
        for i, (kind, size, seed) in enumerate(files):
            p = os.path.join(d, f"f{i}")
            with open(p, "wb") as f:
                f.write(generate(kind, size, seed))
            os.utime(p, (T0, T0))
            names.append(f"f{i}")
        flags = ["--rsyncable"] if rsyncable else []
        out = subprocess.run(["gzip", "-c", f"-{level}"] + flags + names, cwd=d, check=True,
                             capture_output=True).stdout
        case = {"files": [list(f) for f in files], "level": level, "len": len(out),
                "sha256": hashlib.sha256(out).hexdigest()}
        if rsyncable:
            case["rsyncable"] = True
        return case
    finally:
        for n in os.listdir(d):
            os.remove(os.path.join(d, n))
        os.rmdir(d)


LEVELS = [1, 3, 4, 6, 9]
W = 32768
inputs = [
    ("text", 0, 0), ("text", 1, 1), ("text", 100, 2), ("text", 20000, 3), ("text", 32768, 4),
    ("text", 65536, 5), ("text", 65537, 6), ("text", 100000, 7), ("text", 300000, 8),
    ("text", 1000000, 9), ("text", 3000000, 10),
    # Sizes whose end lands in the window's last 262 bytes, past a slide (and not).
    ("text", 2 * W + W - 100, 11), ("text", 2 * W + 3 * W - 1, 12), ("text", 2 * W - 261, 13),
    ("seq", 2 * W + W - 262, 14), ("seq", 2 * W + 2 * W - 5, 15), ("text", 2 * W + 7 * W, 16),
    ("seq", 200000, 17), ("seq", 1200000, 18),
    ("random", 1000, 19), ("random", 70000, 20), ("random", 300000, 21),
    ("runs", 65536, 22), ("runs", 400000, 23),
    ("binary", 131072, 24), ("binary", 500000, 25),
    ("repeat", 250000, 26), ("zeros", 65536, 27), ("zeros", 1000000, 28),
    ("mixed", 600000, 29), ("tails", 5000, 30), ("tails", 2 * W + W - 50, 31),
]
cases = [([i], level) for i in inputs for level in LEVELS]
cases += [([("text", 200000, 40)], level) for level in (2, 5, 7, 8)]
# Several files in one run: the second sees the window the first left behind.
cases += [([("tails", 70000, 41), ("tails", 3000, 42)], level) for level in (1, 6, 9)]
cases += [([("repeat", 90000, 43), ("text", 40000, 44), ("tails", 500, 45)], 6)]
# A file whose last match depends on the window the previous file left (GNU never clears it).
cases += [([("const", 70000, 0), ("probe", 37, 0)], level) for level in (1, 6, 9)]
for files, level in cases:
    print(json.dumps(record(files, level), sort_keys=True))

# --rsyncable: blocks also end where the rolling sum of the last 4096 bytes is a multiple of
# 4096 (zeros: at every step; random: rarely), each cut padded to a byte boundary.
rsync_inputs = [
    ("text", 0, 50), ("text", 100, 51), ("text", 5000, 52), ("text", 1000000, 53),
    ("repeat", 1000000, 54), ("random", 1000000, 55), ("zeros", 300000, 56),
    ("mixed", 600000, 57), ("seq", 2 * W + W - 100, 58), ("runs", 400000, 59),
]
rsync_cases = [([i], level) for i in rsync_inputs for level in (1, 6, 9)]
rsync_cases += [([("text", 200000, 60)], level) for level in (2, 3, 4, 5, 7, 8)]
# The rolling sum starts afresh with each file of a run.
rsync_cases += [([("text", 70000, 61), ("random", 9000, 62), ("text", 30000, 63)], 6)]
for files, level in rsync_cases:
    print(json.dumps(record(files, level, True), sort_keys=True))
