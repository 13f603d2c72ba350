#!/usr/bin/env python3
"""Regenerates the expected values in this folder from a real CPython.

Run from this folder with a 64-bit CPython and a zero hash seed:

    PYTHONHASHSEED=0 python3 gen_testdata.py

It writes `vectors.rs` (hash values of strings, bytes, numbers, tuples, frozensets) and
`set_scenarios.txt` (operation sequences on sets with the iteration order CPython produced after
each step, plus, for keys of the logging class `K`, every `__eq__` call made). The data was
generated once with CPython 3.11; the algorithms it exercises are the same in 3.14 (see
../mod.rs). Where 3.11 differs, the script avoids or emulates it: no scenario contains `None`
(hashed by address before 3.12), and set displays are built the way 3.14 compiles them.
"""

import os
import random
import struct
import sys
from decimal import Decimal
from fractions import Fraction

assert os.environ.get("PYTHONHASHSEED") == "0", "run with PYTHONHASHSEED=0"
assert sys.hash_info.width == 64 and sys.hash_info.algorithm == "siphash13"

rng = random.Random(20240611)

# ---------------------------------------------------------------------------------------------
# Rust literals


def rust_str(s):
    out = []
    for ch in s:
        o = ord(ch)
        if 0x20 <= o < 0x7F and ch not in '"\\':
            out.append(ch)
        else:
            out.append("\\u{%x}" % o)
    return '"' + "".join(out) + '"'


def rust_bytes(b):
    return 'b"' + "".join("\\x%02x" % x for x in b) + '"'


def fbits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


# ---------------------------------------------------------------------------------------------
# Strings and bytes


def rand_str(alphabet_max, n):
    out = []
    for _ in range(n):
        while True:
            c = rng.randrange(alphabet_max)
            if not 0xD800 <= c < 0xE000:
                break
        out.append(chr(c))
    return "".join(out)


strings = ["", "a", "abc", "hello", "Hello, world!", "\0", "\0\0", "é", "€", "😀", "ÿ", "Ā"]
strings += ["x" * n for n in range(1, 40)]  # every tail length around the 8-byte words
strings += ["x" * 1000, "ab" * 5000]
for n in [1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 64, 100]:
    strings.append(rand_str(0x80, n))  # ASCII
    strings.append(rand_str(0x100, n))  # Latin-1
    strings.append(rand_str(0x10000, n))  # BMP
    strings.append(rand_str(0x110000, n))  # astral
    strings.append(rand_str(0x80, n) + "é")  # ASCII + one Latin-1
    strings.append(rand_str(0x100, n) + "Ā")  # Latin-1 + one BMP
    strings.append(rand_str(0x80, n) + "😀")  # ASCII + one astral
for _ in range(60):
    strings.append(rand_str(rng.choice([0x80, 0x100, 0x800, 0x10000, 0x110000]), rng.randrange(1, 50)))
strings.append(rand_str(0x110000, 3000))

byte_strings = [b"", b"a", b"abc", b"\0", b"\xff" * 9, bytes(range(256))]
byte_strings += [bytes(rng.randrange(256) for _ in range(n)) for n in range(1, 41)]
byte_strings += [bytes(rng.randrange(256) for _ in range(rng.randrange(50, 500))) for _ in range(20)]
byte_strings.append("é€😀".encode())

# ---------------------------------------------------------------------------------------------
# Numbers

P = sys.hash_info.modulus
ints = [0, 1, -1, 2, -2, 7, 10, 100, 1000, 2**31, 2**32, 2**60, 2**61, P, P - 1, P + 1, -P, -P - 1,
        -P + 1, 2**63 - 1, -(2**63), 2**64, -(2**64), 2**64 + 1, 10**30, -(10**30), 2**200 + 5,
        P * P, P * P - 1, -(P * P) + 1, 3 * P + 2, -(3 * P) - 2]
for bits in [8, 16, 31, 32, 53, 61, 62, 63, 64, 65, 100, 128, 200, 500, 1000]:
    for _ in range(4):
        v = rng.getrandbits(bits)
        ints.append(v if rng.random() < 0.5 else -v)

floats = [0.0, -0.0, 0.5, -0.5, 1.5, 1.0, -1.0, 2.0, 1e300, -1e300, 1e-300, 5e-324, -5e-324,
          2.2250738585072014e-308, 1.7976931348623157e308, float("inf"), float("-inf"), 0.1, 3.14159,
          2.0**61, 2.0**62, 2.0**-61, 2.0**-62, 123456789.125, -0.3, 1 / 3, 2.0**1023, 2.0**-1074]
while len(floats) < 120:
    x = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
    if x == x:
        floats.append(x)
floats += [float(rng.randrange(-10**6, 10**6)) for _ in range(10)]
floats += [rng.random() * 10 ** rng.randrange(-20, 20) for _ in range(20)]

complexes = [(1.0, 2.0), (0.5, -1.0), (0.0, 0.0), (-0.0, 1.0), (3.0, 0.0), (float("inf"), 1.0),
             (1.0, float("-inf")), (1e300, 1e-300)]
complexes += [(rng.choice(floats), rng.choice(floats)) for _ in range(30)]

fractions = [(1, 2), (-1, 2), (2, 4), (1, 3), (-7, 3), (0, 1), (5, 1), (-1, 1), (1, P), (-1, P),
             (P, 3 * P), (2**100 + 1, 3**50), (-(10**40), 7**20), (1, 10), (3, 2**70)]
for _ in range(40):
    n = rng.getrandbits(rng.choice([8, 40, 70, 130])) * rng.choice([1, -1])
    d = rng.getrandbits(rng.choice([4, 40, 70, 130])) + 1
    fractions.append((n, d))

decimals = [(15, -1), (-15, -1), (12, 3), (1, -1), (0, 7), (0, -7), (1, 0), (-1, 0), (123456789, -30),
            (10**40 + 3, -17), (-(10**40 + 3), 25), (7, -1000), (7, 1000), (31415926, -7)]
for _ in range(30):
    c = rng.getrandbits(rng.choice([8, 40, 100])) * rng.choice([1, -1])
    decimals.append((c, rng.randrange(-400, 400)))


def dec_hash(c, e):
    sign = 1 if c < 0 else 0
    digits = tuple(int(d) for d in str(abs(c)))
    return hash(Decimal((sign, digits, e)))


# ---------------------------------------------------------------------------------------------
# Tuples and frozensets (as Rust `V` constructors)


def rand_atom():
    k = rng.randrange(5)
    if k == 0:
        return rng.randrange(-1000, 1000)
    if k == 1:
        return rng.getrandbits(80) * rng.choice([1, -1])
    if k == 2:
        return rand_str(rng.choice([0x80, 0x10000]), rng.randrange(0, 6))
    if k == 3:
        return rng.choice(floats[:40])
    return rng.choice([True, False])


def rand_value(depth):
    if depth > 0 and rng.random() < 0.3:
        return tuple(rand_value(depth - 1) for _ in range(rng.randrange(0, 5)))
    if depth > 0 and rng.random() < 0.1:
        return frozenset(rand_atom() for _ in range(rng.randrange(0, 5)))
    return rand_atom()


def rust_v(v):
    if isinstance(v, bool):
        return "V::B(%s)" % ("true" if v else "false")
    if isinstance(v, int):
        return 'V::I("%d")' % v
    if isinstance(v, float):
        return "V::F(0x%016x)" % fbits(v)
    if isinstance(v, str):
        return "V::S(%s)" % rust_str(v)
    if isinstance(v, tuple):
        return "V::T(&[%s])" % ", ".join(rust_v(x) for x in v)
    if isinstance(v, frozenset):
        return "V::FS(&[%s])" % ", ".join(rust_v(x) for x in v)
    raise TypeError(v)


values = [(), (1, 2), (1, (2, 3)), ("a",), (1, "a", 2.5), ((),), (((),),), (-1,), (-2,), (True, 1),
          frozenset(), frozenset({1, 2, 3}), (frozenset({1}), frozenset()), tuple(range(20))]
values += [tuple(rand_value(3) for _ in range(rng.randrange(0, 6))) for _ in range(80)]
values += [frozenset(rand_atom() for _ in range(rng.randrange(0, 8))) for _ in range(30)]


def write_vectors(path):
    with open(path, "w") as f:
        w = f.write
        w("// Generated by gen_testdata.py with CPython %s (PYTHONHASHSEED=0). Do not edit.\n" % sys.version.split()[0])
        w("use super::V;\n\n")
        w("pub(super) const STRS: &[(&str, i64)] = &[\n")
        for s in strings:
            w("    (%s, %d),\n" % (rust_str(s), hash(s)))
        w("];\n\n")
        w("pub(super) const BYTES: &[(&[u8], i64)] = &[\n")
        for b in byte_strings:
            w("    (%s, %d),\n" % (rust_bytes(b), hash(b)))
        w("];\n\n")
        w("pub(super) const INTS: &[(&str, i64)] = &[\n")
        for v in ints:
            w('    ("%d", %d),\n' % (v, hash(v)))
        w("];\n\n")
        w("pub(super) const FLOATS: &[(u64, i64)] = &[\n")
        for x in floats:
            w("    (0x%016x, %d),\n" % (fbits(x), hash(x)))
        w("];\n\n")
        w("pub(super) const COMPLEXES: &[(u64, u64, i64)] = &[\n")
        for re, im in complexes:
            w("    (0x%016x, 0x%016x, %d),\n" % (fbits(re), fbits(im), hash(complex(re, im))))
        w("];\n\n")
        w("pub(super) const FRACTIONS: &[(&str, &str, i64)] = &[\n")
        for n, d in fractions:
            w('    ("%d", "%d", %d),\n' % (n, d, hash(Fraction(n, d))))
        w("];\n\n")
        w("pub(super) const DECIMALS: &[(&str, i64, i64)] = &[\n")
        for c, e in decimals:
            w('    ("%d", %d, %d),\n' % (c, e, dec_hash(c, e)))
        w("];\n\n")
        w("pub(super) const VALUES: &[(V, i64)] = &[\n")
        for v in values:
            w("    (%s, %d),\n" % (rust_v(v), hash(v)))
        w("];\n")


# ---------------------------------------------------------------------------------------------
# Set scenarios
#
# Each scenario has a universe of distinct objects (no two equal *and* of the same type, so an
# element maps back to its index by (type, value)) and a list of operations on named sets. After
# each operation the line records the resulting order of the target set as universe indices.


def tok(v):
    if isinstance(v, bool):
        return "b:%d" % v
    if isinstance(v, int):
        return "i:%d" % v
    if isinstance(v, float):
        return "f:%016x" % fbits(v)
    if isinstance(v, str):
        return "s:" + (v.encode().hex() or "-")
    if isinstance(v, tuple):
        assert all(type(x) is int for x in v)
        return "t:" + ",".join(str(x) for x in v)
    if isinstance(v, K):
        return "k:%d:%d" % (v.v, v.h)
    raise TypeError(v)


class K:
    """A key with a chosen hash whose `__eq__` logs (self, other) by universe index, so the
    scenarios also pin which comparisons CPython makes, in which order and with which operand
    on the left. Distinct objects may be equal (same `v`)."""

    def __init__(self, v, h):
        self.v, self.h, self.i = v, h, None

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        if LOGGING[0]:
            LOG.append((self.i, other.i))
        return self.v == other.v


LOG = []
LOGGING = [False]


class Scenario:
    def __init__(self, name, universe):
        seen = {}
        uni = []
        for v in universe:
            if isinstance(v, K):
                v.i = len(uni)
                uni.append(v)
                continue
            k = (type(v).__name__, v)
            if k not in seen:
                seen[k] = len(uni)
                uni.append(v)
        self.name = name
        self.universe = uni
        self.index = seen
        self.sets = {}
        self.lines = []

    def ix(self, v):
        if isinstance(v, K):
            return v.i
        return self.index[(type(v).__name__, v)]

    def order(self, s):
        return " ".join(str(self.ix(x)) for x in s)

    def items(self, idxs):
        return [self.universe[i] for i in idxs]

    def run(self, op, *args):
        """Applies one operation (args: set names and index lists) and records the result."""
        S = self.sets
        L = lambda a: self.items(a)  # noqa: E731
        fromkeys = dict.fromkeys

        def quiet_fromkeys(items):  # building the dict argument is not part of the set operation
            LOGGING[0] = False
            d = fromkeys(items)
            LOGGING[0] = True
            return d

        dict_fromkeys = quiet_fromkeys
        LOG.clear()
        LOGGING[0] = True
        argtxt = " ".join("[ " + " ".join(map(str, a)) + " ]" if isinstance(a, list) else a for a in args)
        extra = ""
        if op == "add":
            S[args[0]].add(L(args[1])[0])
        elif op == "discard":
            S[args[0]].discard(L(args[1])[0])
        elif op == "pop":
            extra = "%d | " % self.ix(S[args[0]].pop())
        elif op == "clear":
            S[args[0]].clear()
        elif op == "update":
            S[args[0]].update(L(args[1]))
        elif op == "updict":
            S[args[0]].update(dict_fromkeys(L(args[1])))
        elif op == "ior":
            S[args[0]] |= S[args[1]]
        elif op == "iand":
            S[args[0]] &= S[args[1]]
        elif op == "isub":
            S[args[0]] -= S[args[1]]
        elif op == "ixor":
            S[args[0]] ^= S[args[1]]
        elif op == "or":
            S[args[0]] = S[args[1]] | S[args[2]]
        elif op == "and":
            S[args[0]] = S[args[1]] & S[args[2]]
        elif op == "sub":
            S[args[0]] = S[args[1]] - S[args[2]]
        elif op == "xor":
            S[args[0]] = S[args[1]] ^ S[args[2]]
        elif op == "copy":
            S[args[0]] = S[args[1]].copy()
        elif op == "new":
            S[args[0]] = set(L(args[1]))
        elif op == "newdict":
            S[args[0]] = set(dict_fromkeys(L(args[1])))
        elif op == "frozen":
            S[args[0]] = frozenset(L(args[1]))
        elif op == "display":
            # A set display of constants as CPython 3.14 compiles it: with 3 or more items, an
            # empty set updated from a frozenset constant built by adding the items in order
            # (BUILD_SET 0; LOAD_CONST; SET_UPDATE). 3.11 differs: its compiler rebuilds that
            # frozenset from its own iteration order while merging constants, so `{7, 15, 3}`
            # iterates 3, 7, 15 there but 3, 15, 7 in 3.14. Emulated at run time here.
            items = L(args[1])
            S[args[0]] = set()
            if len(items) >= 3:
                S[args[0]].update(frozenset(items))
            else:
                for v in items:  # BUILD_SET n adds the items left to right
                    S[args[0]].add(v)
        elif op == "interl":
            S[args[0]] = S[args[1]].intersection(L(args[2]))
        elif op == "iandl":
            S[args[0]].intersection_update(L(args[1]))
        elif op == "subl":
            S[args[0]] = S[args[1]].difference(L(args[2]))
        elif op == "subd":
            S[args[0]] = S[args[1]].difference(dict_fromkeys(L(args[2])))
        elif op == "isubl":
            S[args[0]].difference_update(L(args[1]))
        elif op == "xorl":
            S[args[0]] = S[args[1]].symmetric_difference(L(args[2]))
        elif op == "ixorl":
            S[args[0]].symmetric_difference_update(L(args[1]))
        elif op == "ixord":
            S[args[0]].symmetric_difference_update(dict_fromkeys(L(args[1])))
        elif op == "unionl":
            S[args[0]] = S[args[1]].union(L(args[2]))
        elif op == "fhash":
            self.record("%s %s => %d" % (op, argtxt, hash(frozenset(S[args[0]]))))
            return
        elif op == "le":
            self.record("%s %s => %d" % (op, argtxt, S[args[0]] <= S[args[1]]))
            return
        elif op == "disj":
            self.record("%s %s => %d" % (op, argtxt, S[args[0]].isdisjoint(S[args[1]])))
            return
        else:
            raise ValueError(op)
        self.record("%s %s => %s%s" % (op, argtxt, extra, self.order(S[args[0]])))

    def record(self, line):
        LOGGING[0] = False
        if LOG:
            line += " ; eq " + " ".join("%d,%d" % pair for pair in LOG)
        self.lines.append(line)

    def text(self):
        out = ["scenario " + self.name, "universe " + " ".join(tok(v) for v in self.universe)]
        out += self.lines
        return "\n".join(out) + "\n"


scenarios = []


def scen(name, universe):
    s = Scenario(name, universe)
    scenarios.append(s)
    return s


def ids(s, values):
    return [s.ix(v) for v in values]


# Hand-written scenarios -----------------------------------------------------------------------

s = scen("ints 10 100 1000", [10, 100, 1000])
s.run("new", "A", ids(s, [10, 100, 1000]))
s.run("display", "B", ids(s, [10, 100, 1000]))

s = scen("range(30,0,-3)", list(range(30, 0, -3)))
s.run("new", "A", ids(s, range(30, 0, -3)))
s.run("display", "B", ids(s, range(30, 0, -3)))

s = scen("collide mod 8", [0, 8, 16, 24, 32, 40, 1, 9, 17, 7, 15, 23])
s.run("new", "A", ids(s, [0, 8, 16, 24]))
s.run("discard", "A", ids(s, [0]))
s.run("discard", "A", ids(s, [16]))
s.run("add", "A", ids(s, [32]))
s.run("add", "A", ids(s, [0]))
s.run("new", "B", ids(s, [7, 15, 23, 1, 9]))
s.run("new", "C", ids(s, [7, 15]))

s = scen("last dummy reused", [0, 32, 64, 96, 128, 160])
s.run("new", "A", ids(s, [0, 32, 64, 96, 128]))
s.run("discard", "A", ids(s, [0]))
s.run("discard", "A", ids(s, [64]))
s.run("add", "A", ids(s, [160]))

s = scen("negatives", [-1, -2, -3, -8, -9, -100, -2**61, 2**61 - 2])
s.run("new", "A", list(range(len(s.universe))))
s.run("new", "B", list(range(len(s.universe)))[::-1])

s = scen("growth", list(range(200)))
s.run("new", "A", list(range(4)))
s.run("add", "A", [4])
s.run("update", "A", list(range(5, 19)))
s.run("add", "A", [19])
s.run("update", "A", list(range(200))[::-1])

s = scen("strings", ["apple", "banana", "cherry", "date", "elderberry", "fig", "grape", "", "é", "日本", "😀"])
s.run("new", "A", list(range(len(s.universe))))
s.run("display", "B", list(range(len(s.universe))))
s.run("pop", "A")
s.run("pop", "A")
s.run("add", "A", [0])

s = scen("mixed equal values", [1, 1.0, True, 0, 0.0, False, 2, 2.0, "1", (1, 2), 0.5, 1.5])
s.run("new", "A", ids(s, [1, 1.0, True]))
s.run("new", "B", ids(s, [True, 1, 1.0]))
s.run("new", "C", ids(s, [0.0, False, 0, 2.0, 2, "1", (1, 2), 0.5, 1.5]))
s.run("and", "D", "A", "B")
s.run("and", "E", "C", "A")
s.run("or", "F", "B", "C")

s = scen("pop sequence", list(range(12)) + [32, 64])
s.run("new", "A", list(range(14)))
for _ in range(6):
    s.run("pop", "A")
s.run("add", "A", [0])
s.run("add", "A", [13])
s.run("pop", "A")
s.run("clear", "A")
s.run("update", "A", [3, 4, 5])
s.run("pop", "A")
s.run("pop", "A")

s = scen("frozenset reprs", list(range(-5, 40, 3)) + ["x", "y", "z"])
s.run("frozen", "A", list(range(len(s.universe))))
s.run("frozen", "B", list(range(len(s.universe)))[::-1])
s.run("fhash", "A")
s.run("fhash", "B")
s.run("frozen", "C", [])
s.run("fhash", "C")

s = scen("display of constants", [7, 15, 3, 23, 1, 2, 100, 101])
s.run("display", "A", ids(s, [7, 15, 3]))
s.run("new", "B", ids(s, [7, 15, 3]))
s.run("display", "C", ids(s, [7, 15, 3, 23, 1]))
s.run("new", "D", ids(s, [7, 15, 3, 23, 1]))
s.run("display", "E", ids(s, [7, 15]))

s = scen("copy with dummies", [7, 15, 3, 23, 31, 39, 47])
s.run("new", "A", ids(s, [7, 15, 3]))
s.run("discard", "A", ids(s, [7]))
s.run("copy", "B", "A")
s.run("add", "A", ids(s, [23]))
s.run("add", "B", ids(s, [23]))
s.run("update", "A", ids(s, [31, 39, 47]))
s.run("update", "B", ids(s, [31, 39, 47]))

s = scen("algebra", list(range(40)))
s.run("new", "A", list(range(0, 40, 2)))
s.run("new", "B", list(range(0, 40, 3)))
s.run("new", "C", [1, 2, 3])
for op in ["or", "and", "sub", "xor"]:
    s.run(op, "D", "A", "B")
    s.run(op, "D", "B", "A")
    s.run(op, "D", "A", "C")
    s.run(op, "D", "C", "A")
s.run("le", "C", "A")
s.run("disj", "C", "A")
s.run("iand", "A", "B")
s.run("isub", "B", "C")
s.run("ixor", "B", "A")
s.run("ior", "C", "B")

s = scen("difference copy path", list(range(100)))
s.run("new", "A", list(range(60)))
s.run("new", "B", list(range(0, 60, 7)))
s.run("sub", "C", "A", "B")
s.run("isub", "A", "B")
s.run("new", "D", [5])
s.run("isub", "D", "A")
s.run("new", "E", list(range(100)))
s.run("new", "F", [1, 2, 3, 4, 50])
s.run("isub", "F", "E")

s = scen("logged: difference_update narrows a much larger other", [K(v % 30, (v % 4) * 8) for v in range(60)])
s.run("new", "A", [0, 1, 2, 35])
s.run("new", "B", list(range(3, 60)))
s.run("copy", "C", "A")
s.run("isub", "A", "B")
s.run("new", "D", list(range(3, 20)))
s.run("isub", "C", "D")
s.run("new", "E", [5, 6, 7])
s.run("and", "F", "E", "B")
s.run("and", "F", "B", "E")
s.run("sub", "F", "E", "B")
s.run("sub", "F", "B", "E")
s.run("xor", "F", "E", "B")
s.run("or", "F", "E", "B")
s.run("le", "E", "B")
s.run("disj", "E", "B")
s.run("disj", "B", "E")

scenarios_fixed = len(scenarios)

# Random scenarios -------------------------------------------------------------------------------


def universe_for(profile):
    if profile == "small":
        return list(range(rng.randrange(10, 40)))
    if profile == "collide8":
        return sorted({rng.randrange(0, 6) + 8 * rng.randrange(0, 30) for _ in range(40)})
    if profile == "collide32":
        return sorted({rng.randrange(0, 3) + 32 * rng.randrange(0, 40) for _ in range(50)})
    if profile == "negative":
        return sorted({rng.randrange(-300, 50) for _ in range(40)})
    if profile == "big":
        vals = {rng.randrange(-50, 50) + k * P for k in range(-3, 4) for _ in range(3)}
        vals |= {rng.getrandbits(100) for _ in range(10)}
        return sorted(vals)
    if profile == "strings":
        return list({rand_str(rng.choice([0x80, 0x100, 0x10000, 0x110000]), rng.randrange(0, 8)) for _ in range(40)})
    if profile == "mixed":
        vals = list(range(-5, 12)) + [float(x) for x in range(-3, 8)] + [True, False, 0.5, -2.5, 1e20]
        vals += ["a", "b", "ab", "", "xyz"] + [(1, 2), (2, 1), (), (5,)] + [2**70, -(2**65)]
        return vals
    if profile == "large":
        return list(range(rng.randrange(300, 700)))
    if profile == "logged":
        # Few distinct hashes (many collisions) and repeated values (equal, distinct objects).
        nh = rng.choice([3, 8, 40])
        return [K(rng.randrange(0, 25), rng.randrange(-nh, nh) * rng.choice([1, 8, 32]) or 5)
                for _ in range(rng.randrange(10, 40))]
    raise ValueError(profile)


PROFILES = ["small", "collide8", "collide32", "negative", "big", "strings", "mixed", "large", "logged"]
SET_OPS = ["ior", "iand", "isub", "ixor", "or", "and", "sub", "xor"]
LIST_OPS = ["update", "updict", "iandl", "isubl", "ixorl", "ixord"]
NEW_OPS = ["interl", "subl", "subd", "xorl", "unionl"]

for n in range(180):
    profile = PROFILES[n % len(PROFILES)]
    uni = universe_for(profile)
    s = scen("random %d %s" % (n, profile), uni)
    size = len(s.universe)

    def some(k=None):
        k = rng.randrange(0, min(size, 25) + 1) if k is None else k
        return [rng.randrange(size) for _ in range(k)]

    names = ["A", "B", "C"]
    for name in names:
        assert all(isinstance(x, (set, frozenset)) for x in s.sets.values())
        how = rng.choice(["new", "newdict", "display", "frozen", "new"])
        if how == "display" and profile in ("mixed",):
            how = "new"
        s.run(how, name, some(rng.randrange(0, min(size, 40) + 1)))
    steps = 6 if profile == "large" else rng.randrange(10, 30)
    for _ in range(steps):
        r = rng.random()
        a = rng.choice(names)
        frozen = isinstance(s.sets[a], frozenset)
        if r < 0.25 and not frozen:
            s.run("add", a, some(1))
        elif r < 0.40 and not frozen:
            if s.sets[a] and rng.random() < 0.8:
                s.run("discard", a, [s.ix(rng.choice(list(s.sets[a])))])
            else:
                s.run("discard", a, some(1))
        elif r < 0.47 and not frozen:
            if s.sets[a]:
                s.run("pop", a)
        elif r < 0.49 and not frozen:
            s.run("clear", a)
        elif r < 0.62 and not frozen:
            s.run(rng.choice(LIST_OPS), a, some())
        elif r < 0.80:
            b = rng.choice(names)
            c = rng.choice(names)
            op = rng.choice(SET_OPS)
            if op.startswith("i"):
                if frozen or a == b:
                    continue
                s.run(op, a, b)
            else:
                s.run(op, c, a, b)
        elif r < 0.90:
            op = rng.choice(NEW_OPS)
            if op == "subd" and profile == "logged":
                # Probing a dict may call __eq__ on one entry several times (its index probe
                # can revisit a slot): that is the dict's behaviour, not the set table's.
                op = "subl"
            s.run(op, rng.choice(names), a, some())
        elif r < 0.94:
            s.run("copy", rng.choice(names), a)
        elif r < 0.97:
            s.run("fhash", a)
        else:
            s.run(rng.choice(["le", "disj"]), a, rng.choice(names))

# Big sets, past the `used > 50000` growth rule: the order is summarised as hash(tuple(s)).
# `bigarith N MUL MOD` builds set((k * MUL) % MOD for k in range(N)) by adding in that order;
# `bigdrop STEP` then discards every STEP-th of those values and adds them back shifted by MOD.
big_lines = []
for n, mul, mod in [(50001, 2654435761, 2**32), (60000, 40503, 2**31 - 1), (120000, 97, 10**9), (70000, 1, 2**62)]:
    vals = [(k * mul) % mod for k in range(n)]
    t = set()
    for v in vals:
        t.add(v)
    big_lines.append("bigarith %d %d %d => %d %d" % (n, mul, mod, len(t), hash(tuple(t))))
    for v in vals[::3]:
        t.discard(v)
    for v in vals[::3]:
        t.add(v + mod)
    big_lines.append("bigdrop 3 => %d %d" % (len(t), hash(tuple(t))))
    t.difference_update(vals[1::3])
    big_lines.append("bigsub 3 => %d %d" % (len(t), hash(tuple(t))))


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    write_vectors(os.path.join(here, "vectors.rs"))
    with open(os.path.join(here, "set_scenarios.txt"), "w") as f:
        f.write("# Generated by gen_testdata.py with CPython %s (PYTHONHASHSEED=0). Do not edit.\n" % sys.version.split()[0])
        for sc in scenarios:
            f.write(sc.text())
        f.write("scenario big\n")
        for line in big_lines:
            f.write(line + "\n")
    ops = sum(len(sc.lines) for sc in scenarios) + len(big_lines)
    print("%d strings, %d bytes, %d ints, %d floats, %d complex, %d fractions, %d decimals, %d values"
          % (len(strings), len(byte_strings), len(ints), len(floats), len(complexes), len(fractions),
             len(decimals), len(values)))
    print("%d scenarios (%d hand-written, plus one of big sets), %d recorded operations"
          % (len(scenarios), scenarios_fixed, ops))
