# Records Info-ZIP zip 3.0 and unzip 6.0 (Debian bookworm's packages) for the cases below.
# Run from this directory: python3 record.py > cases.jsonl   (needs `apt-get install zip unzip`)
# Each case: the files before (base64 content, mtime, mode), a bash script run in that directory
# (TZ=UTC, LC_ALL=C, stdin from /dev/null), and what it printed, returned and left.
#
# The directory is on tmpfs (/dev/shm) and its entries are created in reverse name order:
# tmpfs lists a directory newest first, so `zip -r` then walks it in name order, as shellsim
# (whose directories are sorted) does. Zip archives the script leaves are recorded whole
# ("zip"); the runner compares them after blanking what comes from the recording host's clock
# (times of files the script itself created, and the access time zip stores).
import base64, io, json, os, shutil, stat, struct, subprocess, tempfile, zipfile

ENV = {"PATH": "/usr/bin:/bin", "LC_ALL": "C", "TZ": "UTC"}
T0 = 1700000000
ROOT = "/dev/shm" if os.path.isdir("/dev/shm") else None


def run_case(name, files, script, links=None):
    d = tempfile.mkdtemp(dir=ROOT)
    try:
        rec = {}
        items = [(rel, ("file", v)) for rel, v in files.items()]
        items += [(rel, ("link", t)) for rel, t in (links or {}).items()]
        for rel, (kind, v) in sorted(items, key=lambda kv: kv[0].rstrip("/"), reverse=True):
            p = os.path.join(d, rel)
            os.makedirs(os.path.dirname(p.rstrip("/")), exist_ok=True)
            if kind == "link":
                os.symlink(v, p)
            elif rel.endswith("/"):
                os.makedirs(p, exist_ok=True)
            else:
                with open(p, "wb") as f:
                    f.write(v[0])
        for rel, (content, mtime, mode) in files.items():
            rec[rel] = {"b64": base64.b64encode(content).decode(), "mtime": mtime, "mode": mode}
        for rel, (content, mtime, mode) in sorted(files.items(), key=lambda kv: -kv[0].count("/")):
            p = os.path.join(d, rel)
            os.chmod(p, mode)
            os.utime(p, (mtime, mtime))
        r = subprocess.run(["bash", "-c", script], cwd=d, stdin=subprocess.DEVNULL,
                           capture_output=True, env=ENV)
        after = {}
        for root, dirs, names in os.walk(d):
            for n in names + dirs:
                p = os.path.join(root, n)
                rel = os.path.relpath(p, d)
                if os.path.islink(p):
                    after[rel] = {"link": os.readlink(p)}
                elif os.path.isdir(p):
                    after[rel + "/"] = {"dir": oct(os.stat(p).st_mode & 0o7777)}
                else:
                    data = open(p, "rb").read()
                    st = os.stat(p)
                    entry = {"mode": oct(st.st_mode & 0o7777), "mtime": int(st.st_mtime)}
                    key = "zip" if data[:4] in (b"PK\x03\x04", b"PK\x05\x06") else "b64"
                    entry[key] = base64.b64encode(data).decode()
                    after[rel] = entry
        return {"name": name, "files": rec, "links": links or {}, "script": script,
                "stdout": r.stdout.decode("latin-1"), "stderr": r.stderr.decode("latin-1"),
                "status": r.returncode, "after": dict(sorted(after.items()))}
    finally:
        shutil.rmtree(d)


def made_zip(members, comment=b""):
    """An archive written by Python's zipfile (a different maker than zip: no extra fields,
    DOS times only). members: (name, data, options)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data, opt in members:
            i = zipfile.ZipInfo(name, date_time=opt.get("date", (2023, 11, 14, 22, 13, 20)))
            i.create_system = 3
            i.external_attr = opt.get("mode", 0o100644) << 16
            i.compress_type = opt.get("method", zipfile.ZIP_STORED)
            z.writestr(i, data)
        z.comment = comment
    return buf.getvalue()


def streamed_zip():
    """An archive written to an unseekable stream: data descriptors after each member."""
    class Pipe(io.RawIOBase):
        def __init__(self): self.buf = bytearray()
        def writable(self): return True
        def write(self, b): self.buf += b; return len(b)
    p = Pipe()
    with zipfile.ZipFile(p, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for name, data in (("one.txt", b"one\n" * 50), ("two.txt", b"two\n")):
            i = zipfile.ZipInfo(name, date_time=(2023, 11, 14, 22, 13, 20))
            i.external_attr = 0o100644 << 16
            i.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(i, data)
    return bytes(p.buf)


def zip64_zip():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        i = zipfile.ZipInfo("big64.txt", date_time=(2023, 11, 14, 22, 13, 20))
        i.external_attr = 0o100644 << 16
        with z.open(i, "w", force_zip64=True) as f:
            f.write(b"zip64 member\n")
    return buf.getvalue()


def corrupt(data, fn):
    d = bytearray(data)
    fn(d)
    return bytes(d)


F = lambda data, mtime=T0, mode=0o644: (data, mtime, mode)
hello = F(b"hello\n")
text = F(b"".join(b"line %d of some text\n" % i for i in range(500)))
binary = F(bytes(range(256)) * 40)
seq = F(b"".join(b"%d\n" % i for i in range(1, 3001)))
tree = {"d/": F(b"", T0, 0o755), "d/a.c": F(b"int a;\n"), "d/b.log": F(b"log\n" * 50, T0 + 60),
        "d/sub/": F(b"", T0 + 120, 0o750), "d/sub/x.c": F(b"int x;\n" * 30, T0 + 180, 0o600),
        "d/sub/y.log": F(b"y\n")}
cases = []
add = lambda *a, **k: cases.append(run_case(*a, **k))

# ---- zip: create -------------------------------------------------------------------------
add("zip-basic", {"a.txt": hello, "b.txt": seq}, "zip t.zip a.txt b.txt; echo $?; unzip -l t.zip")
add("zip-recurse", tree, "zip -r t.zip d; echo $?; unzip -v t.zip")
add("zip-dir-no-recurse", tree, "zip t.zip d; echo $?; unzip -l t.zip")
add("zip-dot", tree, "cd d && zip -r ../t.zip .; echo $?")
add("zip-quiet", tree, "zip -qr t.zip d; echo $?; zip -q t.zip nothere; echo $?")
add("zip-junk", tree, "zip -rj t.zip d; echo $?; unzip -l t.zip")
add("zip-no-dir-entries", tree, "zip -rD t.zip d; echo $?")
add("zip-levels", {"t": text, "s": seq, "b": binary},
    "for l in 0 1 2 3 4 5 6 7 8 9; do zip -$l -q z$l.zip t s b; unzip -v z$l.zip | sed -n '4,6p'; done; rm t s b z0.zip z2.zip z4.zip z5.zip z7.zip z8.zip")
add("zip-level-mix", {"t": text}, "zip -1 -9 a.zip t; zip -9 -1 b.zip t; zip -r3 c.zip t")
add("zip-empty-file", {"e": F(b""), "one": F(b"x"), "two": F(b"xy")}, "zip t.zip e one two; zip -9 u.zip e one")
add("zip-binary", {"bin": binary, "r": F(bytes((i * 7919) % 251 for i in range(20000)))}, "zip t.zip bin r; unzip -v t.zip; rm bin r")
add("zip-large", {},
    "seq 1 12000 | sed 's/$/ some repeated text/' > big; touch -d @1700000000 big; zip t.zip big; zip -1 u.zip big; zip -9 v.zip big; for z in t u v; do unzip -v $z.zip | sed -n 4p; done; rm big t.zip u.zip")
small = F(b"".join(b"%d\n" % i for i in range(1, 1001)))
add("zip-special-suffix", {"x.zip": small, "y.Z": small, "y.gz": small, "y.ZIP": small, "a.arj": small},
    "zip t.zip x.zip y.Z y.gz y.ZIP a.arj")
add("zip-modes", {"x": F(b"#!/bin/sh\necho\n", T0, 0o755), "r": F(b"ro\n", T0, 0o444), "p": F(b"p\n", T0, 0o600)},
    "zip t.zip x r p; unzip -v t.zip")
add("zip-odd-mtime", {"odd": F(b"odd\n", T0 + 1), "old": F(b"old\n", 300000000), "even": F(b"e\n", T0 + 2)},
    "zip t.zip odd old even; unzip -l t.zip; rm odd old even; unzip -q t.zip; echo $?")
add("zip-suffix-added", {"a": hello}, "zip out a; ls; zip dir.x/y a; echo $?; zip noext.d a; ls")
add("zip-names", {"a": hello, "d/": F(b"", T0, 0o755), "d/b": hello}, "zip t.zip ./a ./d/b; cd d && zip ../t.zip ../a b; cd ..; unzip -l t.zip")
add("zip-absolute", {"a": hello}, "zip t.zip \"$PWD/a\" > out.txt; sed \"s|${PWD#/}|PWD|\" out.txt; rm out.txt; unzip -l t.zip | sed \"s|${PWD#/}|PWD|\"; rm t.zip")
add("zip-trailing-slash", tree, "zip -r t.zip d/; unzip -l t.zip")
add("zip-repeat", tree, "zip t.zip d/a.c ./d/a.c; echo $?; zip u.zip d/a.c d/a.c; echo $?")
add("zip-symlink-followed", {"f": hello, "d/": F(b"", T0, 0o755), "d/g": hello},
    "zip t.zip l; zip -r u.zip ld; unzip -l u.zip; zip v.zip dangling; echo $?", links={"l": "f", "ld": "d", "dangling": "nowhere"})
add("zip-archive-inside", tree, "zip -r d/self.zip d; echo $?; unzip -l d/self.zip | sed 's/20[0-9-]* [0-9:]*/DATE/'; zip -r d/self.zip d; echo $?; unzip -l d/self.zip | sed 's/20[0-9-]* [0-9:]*/DATE/'")

# ---- zip: update and delete ----------------------------------------------------------------
add("zip-update", {"a": hello, "b": seq, "c": F(b"c\n")}, "zip t.zip a b; echo new > a; touch -d @1700000100 a; zip t.zip c b a; echo $?; unzip -l t.zip; unzip -p t.zip a")
add("zip-missing", {"a": hello}, "zip t.zip nope; echo $?; ls; zip t.zip nope a; echo $?; zip t.zip; echo $?")
add("zip-exclude", tree, "zip -r t.zip d -x '*.log'; zip -r u.zip d -x 'd/sub/*' d/a.c; zip -r v.zip d -x 'd/sub'; zip -r -x '*.c' -q w.zip d; unzip -l w.zip")
add("zip-exclude-classes", tree, "zip -r t.zip d -x 'd/s?b/[x]*'; zip -r u.zip d -x 'd/[!a]*'; zip -r v.zip d -x 'd/[^a]*'; zip -r w.zip d -x 'd/\\a.c'")
add("zip-exclude-junk", tree, "zip -j t.zip d/a.c -x 'd/*'; echo $?; zip -j u.zip d/a.c -x 'a.c'")
add("zip-include", tree, "zip -r t.zip d -i '*.c'; zip -r u.zip . -i 'd/sub/*'; zip v.zip d/a.c d/b.log -i '*.log'; zip w.zip d/a.c -i zz; echo $?; ls -l w.zip | cut -c1-10")
add("zip-exclude-nothing", tree, "zip t.zip d/a.c -x d/a.c; echo $?")
add("zip-delete", tree, "zip -qr t.zip d; zip -d t.zip 'd/sub/*'; echo $?; unzip -l t.zip; zip -d t.zip nothere; echo $?; zip -d t.zip '*.c' d/b.log; echo $?; zip -d t.zip d/; echo $?; ls -l t.zip | cut -c1-10")
add("zip-delete-missing", {}, "zip -d t.zip a; echo $?; ls")
add("zip-delete-quiet", tree, "zip -qr t.zip d; zip -dq t.zip d/a.c; echo $?; unzip -l t.zip")
add("zip-update-foreign", {"p.zip": F(made_zip([("one", b"1\n", {}), ("two", b"2" * 500, {"method": zipfile.ZIP_DEFLATED})])), "a": hello},
    "zip p.zip a; unzip -v p.zip; zip -d p.zip one; unzip -v p.zip")
add("zip-not-a-zip", {"j.zip": F(b"junk\n" * 10), "a": hello}, "zip j.zip a; echo $?")

# ---- zip: options --------------------------------------------------------------------------
add("zip-bad-options", {"a": hello}, "zip -G t.zip a; echo $?; zip --bogus t.zip a; echo $?; zip -C t.zip a; echo $?; ls")
add("zip-help", {}, "zip -h; echo $?")

# ---- unzip: extract ------------------------------------------------------------------------
add("unzip-basic", tree, "zip -qr t.zip d; rm -r d; unzip t.zip; echo $?; cat d/a.c")
add("unzip-dir", tree, "zip -qr t.zip d; unzip t.zip -d out; echo $?; unzip -d out2 t.zip d/a.c; unzip -dout3 t.zip d/sub/y.log")
add("unzip-dir-errors", tree, "zip -qr t.zip d; unzip -o t.zip -d a/b/c; echo $?; echo f > afile; unzip -o t.zip -d afile; echo $?; unzip -o -d; echo $?")
add("unzip-exists-eof", {"a.txt": hello, "b.txt": seq}, "zip -q t.zip a.txt b.txt; unzip t.zip; echo $?; echo y | unzip t.zip a.txt; echo $?")
add("unzip-prompt-answers", {"a.txt": hello, "b.txt": seq}, "zip -q t.zip a.txt b.txt; printf 'n\\nA\\n' | unzip t.zip; echo $?; printf 'N\\n' | unzip t.zip; echo $?; printf 'x\\ny\\n' | unzip t.zip a.txt; echo $?; printf '\\ny\\n' | unzip t.zip a.txt; echo $?")
add("unzip-prompt-rename", {"a.txt": hello}, "zip -q t.zip a.txt; printf 'r\\nnew.txt\\n' | unzip t.zip; echo $?; printf 'r\\n' | unzip t.zip; echo $?; cat new.txt")
add("unzip-overwrite", {"a.txt": hello, "b.txt": seq}, "zip -q t.zip a.txt b.txt; echo old > a.txt; unzip -n t.zip; echo $?; cat a.txt; unzip -o t.zip; echo $?; cat a.txt; unzip -on t.zip; echo $?")
add("unzip-quiet", tree, "zip -qr t.zip d; rm -r d; unzip -q t.zip; echo $?; unzip -qq t.zip; echo $?; unzip -qo t.zip; echo $?")
add("unzip-junk", tree, "zip -qr t.zip d; mkdir o; unzip -j t.zip -d o; echo $?; ls o")
add("unzip-members", tree, "zip -qr t.zip d; rm -r d; unzip t.zip 'd/sub/*' nomatch; echo $?; unzip t.zip '*.c' -x 'd/sub/*' -d o; echo $?; unzip t.zip -x 'd/sub/*' nomatch -d p; echo $?")
add("unzip-args-after", {"a.txt": hello}, "zip -q t.zip a.txt; unzip t.zip -o -q; echo $?; unzip t.zip a.txt -d o -o; echo $?; unzip -do o t.zip a.txt; echo $?")
add("unzip-modes-times", {"x": F(b"#!/bin/sh\n", T0, 0o755), "r": F(b"ro\n", T0 + 3, 0o444), "p": F(b"p\n", 1600000001, 0o600)},
    "zip -q t.zip x r p; rm -f x r p; unzip -q t.zip; echo $?")
add("unzip-dir-modes", tree, "zip -qr t.zip d; rm -r d; unzip -q t.zip; echo $?")
add("unzip-existing-dir", tree, "zip -qr t.zip d; unzip -o t.zip; echo $?")
add("unzip-foreign", {"p.zip": F(made_zip([("x/y/z.txt", b"z\n", {}), ("x/w.txt", b"w\n" * 100, {"method": zipfile.ZIP_DEFLATED, "mode": 0o100600}), ("top", b"", {"date": (1999, 12, 31, 23, 59, 58)})], b"my comment"))},
    "unzip p.zip; echo $?; unzip -l p.zip; unzip -v p.zip")
add("unzip-traversal", {"evil.zip": F(made_zip([("../up.txt", b"up\n", {}), ("/abs.txt", b"abs\n", {}), ("ok/../../x.txt", b"x\n", {}), ("a/./b.txt", b"b\n", {}), ("ok.txt", b"ok\n", {}), ("../../dd/", b"", {"mode": 0o40755})]))},
    "mkdir o && cd o && unzip ../evil.zip; echo $?; cd .. && unzip -q evil.zip -d q; echo $?; unzip -l evil.zip")
add("unzip-symlinks", {"ln.zip": F(made_zip([("l", b"target.txt", {"mode": 0o120777}), ("esc", b"/etc", {"mode": 0o120777}), ("esc/passwd", b"pwned\n", {}), ("target.txt", b"t\n", {})]))},
    "mkdir o && cd o && unzip ../ln.zip; echo $?; readlink l esc; cat l")
add("unzip-symlink-quiet", {"ln.zip": F(made_zip([("l", b"target.txt", {"mode": 0o120777})]))}, "unzip -q ln.zip; echo $?; readlink l")
add("unzip-pipe", tree, "zip -qr t.zip d; unzip -p t.zip d/a.c d/sub/y.log; echo $?; unzip -p t.zip nomatch; echo $?; unzip -pq t.zip d/a.c")
add("unzip-test", tree, "zip -qr t.zip d; unzip -t t.zip; echo $?; unzip -tq t.zip; echo $?; unzip -tqq t.zip; echo $?; unzip -t t.zip d/a.c")

# ---- unzip: listings -----------------------------------------------------------------------
add("unzip-list", tree, "zip -qr t.zip d; unzip -l t.zip; unzip -l t.zip d/a.c nomatch; echo $?; unzip -l t.zip nomatch; echo $?; unzip -l t.zip '*.c' -x 'd/sub/*'")
add("unzip-list-quiet", tree, "zip -qr t.zip d; unzip -lq t.zip; unzip -lqq t.zip; unzip -vq t.zip; unzip -vqq t.zip")
add("unzip-list-modes", tree, "zip -qr t.zip d; unzip -ll t.zip; unzip -lv t.zip | head -3; unzip -lt t.zip | head -3; unzip -pl t.zip d/a.c")
add("unzip-list-empty", {}, "zip -q t.zip -i x 2>/dev/null; printf 'PK\\005\\006\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0' > e.zip; unzip -l e.zip; echo $?; unzip -v e.zip; unzip e.zip; echo $?; unzip -t e.zip; echo $?")
add("unzip-list-big", {}, "head -c 3000000 /dev/zero | tr '\\0' x > big; touch -d @1700000000 big; zip -q t.zip big; rm big; unzip -v t.zip; unzip -l t.zip")
add("unzip-name-suffix", {"a.txt": hello}, "zip -q t.zip a.txt; unzip -l t; echo $?; unzip -l nope; echo $?; unzip -l nope.zip; echo $?")

# ---- unzip: damage -------------------------------------------------------------------------
good = made_zip([("a.txt", b"hello\n", {}), ("b.txt", b"x" * 1000, {"method": zipfile.ZIP_DEFLATED}), ("c.txt", b"ccc\n", {})])
def bad_crc(d):
    for sig, off in ((b"PK\x03\x04", 14), (b"PK\x01\x02", 16)):
        i = d.find(sig); d[i + off] ^= 0xff
def bad_data(d):
    i = d.find(b"PK\x03\x04", 10); nl, el = struct.unpack("<HH", d[i + 26:i + 30]); d[i + 30 + nl + el] = 0xff
def bad_local(d):
    d[0] = 0
def bad_central(d):
    i = d.find(b"PK\x01\x02"); j = d.find(b"PK\x01\x02", i + 1); d[j] = 0
def bad_count(d):
    e = d.rfind(b"PK\x05\x06"); struct.pack_into("<HH", d, e + 8, 9, 9)
add("unzip-bad-crc", {"crc.zip": F(corrupt(good, bad_crc))}, "unzip crc.zip -d o; echo $?; unzip -t crc.zip; echo $?; unzip -p crc.zip a.txt; echo $?; cat o/a.txt")
add("unzip-bad-data", {"bad.zip": F(corrupt(good, bad_data))}, "unzip bad.zip -d o; echo $?; unzip -t bad.zip; echo $?; ls o")
add("unzip-bad-local", {"c.zip": F(corrupt(good, bad_local))}, "unzip c.zip -d o; echo $?; unzip -l c.zip; echo $?; unzip -t c.zip; echo $?")
add("unzip-bad-central", {"c.zip": F(corrupt(good, bad_central))}, "unzip c.zip -d o; echo $?; unzip -l c.zip; echo $?")
add("unzip-bad-count", {"c.zip": F(corrupt(good, bad_count))}, "unzip -o c.zip -d o; echo $?; unzip -l c.zip; echo $?")
add("unzip-not-zip", {"j.zip": F(b"junk\n"), "e.zip": F(b"")}, "unzip j.zip; echo $?; unzip -l j.zip; echo $?; unzip -q e.zip; echo $?; unzip -p j.zip; echo $?")
add("unzip-truncated", {"t.zip": F(good[:60])}, "unzip t.zip; echo $?")
add("unzip-overlap", {"o.zip": F(corrupt(made_zip([("a", b"A" * 100, {}), ("b", b"A" * 100, {})]),
    lambda d: struct.pack_into("<I", d, d.find(b"PK\x01\x02", d.find(b"PK\x01\x02") + 1) + 42, 0)))},
    "unzip o.zip; echo $?; unzip -l o.zip; echo $?")

# ---- more edges -----------------------------------------------------------------------------
add("zip-self-in-cwd", {"a": hello, "d/": F(b"", T0, 0o755), "d/b": seq}, "zip -r t.zip .; echo $?; zip -r t.zip .; echo $?; unzip -l t.zip")
add("zip-empty-dir", {"e/": F(b"", T0, 0o700), "f/": F(b"", T0, 0o755), "f/g/": F(b"", T0, 0o755)}, "zip -r t.zip e f; unzip -v t.zip")
add("zip-spaces", {"my file.txt": hello, "dir with space/": F(b"", T0, 0o755), "dir with space/x y": F(b"xy\n")}, "zip -r t.zip 'my file.txt' 'dir with space'; rm -r 'my file.txt' 'dir with space'; unzip t.zip; ls")
add("zip-dotdot-name", {"d/": F(b"", T0, 0o755), "d/a.c": F(b"int a;\n"), "e/": F(b"", T0, 0o755)}, "cd e && zip ../t.zip ../d/a.c; cd ..; unzip -l t.zip; mkdir o && cd o && unzip ../t.zip; echo $?")
add("zip-update-dirs", tree, "zip -qr t.zip d; echo more > d/sub/new; touch -d @1700000500 d/sub/new d/sub; zip -r t.zip d; unzip -l t.zip")
add("unzip-over-symlink", {"secret": F(b"keep\n"), "f": F(b"new\n")}, "zip -q t.zip f; rm f; ln -s secret f; unzip -o t.zip; echo $?; cat secret f; ls -l f | cut -c1")
add("unzip-file-vs-dir", {"d/": F(b"", T0, 0o755), "d/x": hello, "y": hello}, "zip -qr t.zip d y; rm -r d y; echo file > d; mkdir y; unzip -o t.zip; echo $?")
add("unzip-trailing-slash-dir", {"a": hello}, "zip -q t.zip a; unzip t.zip -d o/; echo $?; unzip -o t.zip -d o//; echo $?")
add("unzip-junk-collision", {"d/": F(b"", T0, 0o755), "d/x": hello, "e/": F(b"", T0, 0o755), "e/x": F(b"other\n")}, "zip -qr t.zip d e; mkdir o; unzip -j t.zip -d o; echo $?; cat o/x")
add("unzip-exclude-only", tree, "zip -qr t.zip d; rm -r d; unzip t.zip -x '*.log' 'd/sub/*'; echo $?; unzip -l t.zip -x 'd/*'; echo $?")
add("unzip-pipe-dirs", tree, "zip -qr t.zip d; unzip -p t.zip | wc -c; unzip -p t.zip 'd/sub/*' | od -c | head -3")
add("unzip-errors-and-unmatched", {"crc.zip": F(corrupt(good, bad_crc))}, "unzip -o crc.zip a.txt nope -d o; echo $?; unzip -t crc.zip nope; echo $?")
add("unzip-comment", {"c.zip": F(made_zip([("a", b"a\n", {})], b"line one\nline two"))}, "unzip -l c.zip; unzip -q c.zip; unzip -v c.zip; unzip -t c.zip; unzip -p c.zip")
add("unzip-deflate-flags", {"p.zip": F(made_zip([("n", b"n" * 300, {"method": zipfile.ZIP_DEFLATED})]))}, "unzip -v p.zip; zip -9 -q q.zip p.zip; zip -1 -q r.zip p.zip; unzip -v r.zip | sed -n 4p")
add("zip-exclude-at-file", {"a": hello}, "zip t.zip a -x@list; echo $?")

add("zip-long-options", tree, "zip -r t.zip d --exclude='*.log'; zip -r u.zip d --exclude '*.c' --quiet; zip v.zip d/a.c --quiet=1; echo $?; zip --recurse-paths --junk-paths w.zip d; unzip -l w.zip")
add("unzip-odd-names", {"cc.zip": F(made_zip([("a\x01b", b"x", {}), ("tab\there", b"y", {}), ("hi\xc3\xa9.txt", b"z", {}), ("del\x7f", b"w", {})]))},
    "unzip -l cc.zip; mkdir o && cd o && unzip ../cc.zip; echo $?; ls")

add("unzip-descriptors", {"s.zip": F(streamed_zip())}, "unzip -v s.zip; unzip s.zip; echo $?; cat one.txt | wc -l; zip s.zip two.txt; zip -d s.zip one.txt; unzip -l s.zip; unzip -p s.zip")
add("unzip-zip64", {"z.zip": F(zip64_zip())}, "unzip -v z.zip; unzip z.zip; echo $?; cat big64.txt; unzip -t z.zip")

plain = made_zip([("a", b"hello\n", {}), ("b", b"".join(b"%d\n" % i for i in range(1, 101)), {"method": zipfile.ZIP_DEFLATED})])
add("unzip-prepended", {"s.zip": F(b"STUBSTUBSTUB" + plain), "c": F(b"c\n")},
    "unzip -l s.zip; echo $?; unzip -o s.zip; echo $?; unzip -t s.zip; echo $?; cp s.zip s2.zip; zip s2.zip c; echo $?; zip s2.zip a b; echo $?")
add("unzip-missing-bytes", {"m.zip": F(corrupt(plain, lambda d: struct.pack_into("<I", d, d.rfind(b"PK\x05\x06") + 16, len(d) + 100))), "c": F(b"c\n")},
    "unzip -l m.zip; echo $?; unzip -o m.zip; echo $?; zip m.zip c; echo $?")

# ---- unzip: options ------------------------------------------------------------------------
add("unzip-usage", {}, "unzip; echo $?; unzip -h | head -3; unzip -y t.zip; echo $?; unzip -o; echo $?; unzip -tp x.zip; echo $?")

for c in cases:
    print(json.dumps(c, sort_keys=True))
