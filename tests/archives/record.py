# Records GNU gzip 1.12 and GNU tar 1.34 for the cases below.
# Run from this directory: python3 record.py > cases.jsonl
# Each case: the files before (base64 content, mtime, mode), a bash script run in that directory
# (TZ=UTC, LC_ALL=C, TAR_OPTIONS=--sort=name: GNU then archives in name order, as shellsim does), and what it printed, returned and left. Files the script created that
# hold gzip data are recorded decompressed ("gunzipped"), since compressed bytes are the
# encoder's own; everything else is recorded byte for byte (tar archives included).
import base64, gzip, json, os, shutil, subprocess, tempfile

ENV = {"PATH": "/usr/bin:/bin", "LC_ALL": "C", "TZ": "UTC", "TAR_OPTIONS": "--sort=name"}
T0 = 1700000000


def gz(data, name=b"f", mtime=T0):
    return gzip.compress(data, mtime=mtime)[:3] + b"\x08" + gzip.compress(data, mtime=mtime)[4:10] + name + b"\0" + gzip.compress(data, mtime=mtime)[10:]


def run_case(name, files, script, links=None):
    d = tempfile.mkdtemp()
    try:
        rec = {}
        for rel, (content, mtime, mode) in files.items():
            p = os.path.join(d, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            if rel.endswith("/"):
                os.makedirs(p, exist_ok=True)
            else:
                with open(p, "wb") as f:
                    f.write(content)
            rec[rel] = {"b64": base64.b64encode(content).decode(), "mtime": mtime, "mode": mode}
        for rel, target in (links or {}).items():
            os.symlink(target, os.path.join(d, rel))
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
                    if data[:2] == b"\x1f\x8b" and rel not in files:
                        entry["gunzipped"] = base64.b64encode(gzip.decompress(data)).decode()
                    else:
                        entry["b64"] = base64.b64encode(data).decode()
                    after[rel] = entry
        return {"name": name, "files": rec, "links": links or {}, "script": script,
                "stdout": r.stdout.decode("latin-1"), "stderr": r.stderr.decode("latin-1"),
                "status": r.returncode, "after": dict(sorted(after.items()))}
    finally:
        shutil.rmtree(d)


F = lambda data, mtime=T0, mode=0o644: (data, mtime, mode)
hello = F(b"hello\n")
text = F(b"".join(b"line %d of some text\n" % i for i in range(500)))
binary = F(bytes(range(256)) * 40)
cases = []
add = lambda *a, **k: cases.append(run_case(*a, **k))

# ---- gzip -------------------------------------------------------------------------------
add("gzip-basic", {"f": hello}, "gzip f; echo $?; gzip -l f.gz | head -1; zcat f.gz")
add("gzip-keep", {"f": text}, "gzip -k f; echo $?; ls")
add("gzip-exists", {"f": hello, "f.gz": F(b"x")}, "gzip f; echo $?")
add("gzip-force", {"f": hello, "f.gz": F(b"x")}, "gzip -f f; echo $?; zcat f.gz")
add("gzip-missing", {}, "gzip x; echo $?; gzip -d y; echo $?; gzip -d y.gz; echo $?")
add("gzip-already", {"g.gz": F(gz(b"g\n", b"g"))}, "gzip g.gz; echo $?")
add("gzip-stdout", {"f": binary}, "gzip -c f | gzip -d | cmp - f && echo same; ls")
add("gzip-stdin", {}, "echo hi | gzip | gzip -dc; echo hi | gzip -c | od -An -tx1 | head -1")
add("gzip-header-name", {"f": F(b"abc\n", 1000000)}, "gzip -c f | head -c 12 | od -An -tx1")
add("gzip-header-noname", {"f": F(b"abc\n", 1000000)}, "gzip -nc f | head -c 10 | od -An -tx1; gzip -9c f | head -c 10 | od -An -tx1; gzip -1 -c f | head -c 10 | od -An -tx1")
add("gzip-verbose", {"f": hello}, "gzip -v f; echo $?; gzip -dv f.gz; echo $?")
add("gzip-verbose-keep", {"f": hello}, "gzip -kv f; gzip -tv f.gz")
add("gunzip-basic", {"f.gz": F(gz(b"hello\n"), 1234567)}, "gunzip f.gz; echo $?; cat f; ls")
add("gunzip-noname", {"f.gz": F(gz(b"hello\n", b"other"))}, "gunzip f.gz; ls")
add("gunzip-N", {"f.gz": F(gz(b"hello\n", b"other", 1000000))}, "gunzip -N f.gz; ls; cat other")
add("gunzip-no-suffix", {"f": F(gz(b"x\n"))}, "gunzip f; echo $?")
add("gunzip-implied-suffix", {"f.gz": F(gz(b"x\n"))}, "gunzip f; echo $?; cat f")
add("gunzip-not-gzip", {"n.gz": F(b"not gzip\n")}, "gunzip n.gz; echo $?; zcat n.gz; echo $?; ls")
add("gunzip-trailing-garbage", {"t.gz": F(gz(b"hello\n") + b"garbage\n")}, "zcat t.gz; echo $?; gunzip t.gz; echo $?; cat t")
add("gunzip-trailing-zeros", {"t.gz": F(gz(b"hello\n") + b"\0\0\0\0")}, "zcat t.gz; echo $?")
add("gunzip-truncated", {"t.gz": F(gz(b"hello world\n")[:20])}, "zcat t.gz; echo $?; gunzip t.gz; echo $?; ls")
add("gunzip-empty", {"e.gz": F(b"")}, "zcat e.gz; echo $?")
add("gunzip-crc", {"c.gz": F(gz(b"hello\n")[:-8] + b"\0\0\0\0" + gz(b"hello\n")[-4:])}, "zcat c.gz; echo $?")
add("gunzip-multimember", {"m.gz": F(gz(b"one\n") + gz(b"two\n", b"g"))}, "zcat m.gz; gzip -l m.gz")
add("gunzip-stdin", {"f.gz": F(gz(b"piped\n"))}, "gunzip < f.gz; gzip -d - < f.gz; cat f.gz | zcat")
add("gzip-list", {"a.gz": F(gz(b"a" * 1000, b"a")), "b.gz": F(gz(b"xyz\n", b"b"))}, "gzip -l a.gz b.gz; gzip -lv a.gz; gzip -lq b.gz; gzip -lN b.gz")
add("gzip-list-verbose-totals", {"a.gz": F(gz(b"a" * 1000, b"a")), "b.gz": F(gz(b"xyz\n", b"b"))}, "gzip -lv a.gz b.gz")
add("gzip-list-empty", {"e.gz": F(gz(b"", b"e"))}, "gzip -l e.gz")
add("gzip-test", {"f.gz": F(gz(b"x\n")), "bad.gz": F(b"bad")}, "gzip -t f.gz; echo $?; gzip -t bad.gz; echo $?; gzip -tv f.gz")
add("gzip-dir", {"d/": F(b"", T0, 0o755), "d/a": hello, "d/b": text}, "gzip d; echo $?; gzip -r d; echo $?; ls d; gunzip -r d; ls d")
add("gzip-suffix", {"f": hello}, "gzip -S .z f; ls; gzip -d -S .z f.z; ls; gzip -S '' f; echo $?")
add("gzip-bad-option", {}, "gzip -Z; echo $?; gzip --bogus; echo $?; gzip -x; echo $?; zcat -x; echo $?")
add("gzip-levels", {"f": text}, "for l in 1 5 9; do gzip -$l -c f | gzip -d | cmp - f && echo ok $l; done; gzip --fast -c f | zcat | wc -c; gzip --best -c f | zcat | wc -c")
add("gzip-multiple", {"a": hello, "b": text}, "gzip a b; echo $?; ls; zcat a.gz b.gz | wc -c")
add("gzip-mode-mtime", {"f": F(b"data\n", 1000000, 0o600)}, "gzip f; gunzip f.gz")
add("zcat-plain-f", {"f": hello}, "zcat f; echo $?")
add("gzip-quiet", {"n.gz": F(b"junk"), "t.gz": F(gz(b"a\n") + b"zz")}, "gzip -dq n.gz; echo $?; zcat -q t.gz; echo $?; gzip -q missing; echo $?")

# ---- tar --------------------------------------------------------------------------------
tree = {"d/": F(b"", T0, 0o755), "d/a": hello, "d/sub/": F(b"", T0 + 60, 0o750),
        "d/sub/b": F(b"bee\n", T0 + 120, 0o600)}
add("tar-create-list", tree, "tar cf t.tar d; echo $?; tar tf t.tar; tar tvf t.tar")
add("tar-create-verbose", tree, "tar cvf t.tar d; tar -cvvf u.tar d/a")
add("tar-create-stdout", tree, "tar cf - d | tar tvf -")
add("tar-extract", tree, "tar cf t.tar d && rm -r d && tar xvf t.tar; echo $?; cat d/a d/sub/b")
add("tar-extract-vv", tree, "tar cf t.tar d && rm -r d && tar xvvf t.tar")
add("tar-extract-C", tree, "mkdir out && tar cf t.tar d && tar xf t.tar -C out; echo $?; cat out/d/sub/b; tar -C out -cf o.tar d; tar tf o.tar")
add("tar-extract-C-missing", tree, "tar cf t.tar d; tar xf t.tar -C nowhere; echo $?")
add("tar-strip", tree, "tar cf t.tar d && mkdir o && tar xf t.tar -C o --strip-components 1; echo $?; ls o o/sub")
add("tar-exclude", tree, "tar cf t.tar --exclude=b d; tar tf t.tar; tar tf t.tar --exclude='sub'; tar cf u.tar --exclude='*.x' d; tar tf u.tar")
add("tar-members", tree, "tar cf t.tar d; tar tf t.tar d/sub; tar tf t.tar d/a nope; echo $?")
add("tar-to-stdout", tree, "tar cf t.tar d; tar xOf t.tar d/a d/sub/b; tar -xvOf t.tar d/a")
add("tar-keep-old", {"f": hello}, "tar cf t.tar f; tar xkf t.tar; echo $?; tar xf t.tar; echo $?")
add("tar-absolute", {"f": hello}, "tar cf t.tar \"$PWD/f\" 2>&1 | sed \"s|$PWD|PWD|\"; tar tf t.tar | sed \"s|${PWD#/}|PWD|\"; rm t.tar")
add("tar-longname", {"d/" + "n" * 60 + "/" + "m" * 60: hello, "d/": F(b"", T0, 0o755), "d/" + "n" * 60 + "/": F(b"", T0, 0o755)}, "tar cf t.tar d; tar tvf t.tar; rm -r d; tar xf t.tar; find d -type f")
add("tar-symlink", {"d/": F(b"", T0, 0o755), "d/f": hello}, "tar cf t.tar d; tar tvf t.tar | sed 's/ 20[0-9-]* [0-9:]* / DATE /'; rm -r d; tar xf t.tar; find d | sort; readlink d/l; rm t.tar", links={"d/l": "f"})
add("tar-gzip", tree, "tar czf t.tgz d; echo $?; tar tzf t.tgz; tar tf t.tgz; rm -r d; tar xzf t.tgz; cat d/a; gzip -dc t.tgz | tar tv")
add("tar-gzip-stdin", tree, "tar cf t.tar d; gzip -c t.tar > t.tgz; tar tf - < t.tgz; echo $?; tar tzf - < t.tgz; tar tzf t.tar; echo $?")
add("tar-errors", {"f": hello}, "tar; echo $?; tar tx; echo $?; tar cf e.tar; echo $?; tar tf no.tar; echo $?; tar cf t.tar f missing; echo $?; tar tf t.tar")
add("tar-not-tar", {"junk": F(b"this is not a tar archive\n" * 30)}, "tar tf junk; echo $?; printf '' | tar tf -; echo $?; head -c 1024 /dev/zero | tar tvf -; echo $?")
add("tar-dotdot", {"f": hello, "d/": F(b"", T0, 0o755)}, "cd d && tar cf ../t.tar ../f; echo $?; cd ..; tar tf t.tar")
add("tar-old-style", tree, "tar cf t.tar d; tar tvf t.tar d/a; tar -tf t.tar --numeric-owner -v d/a; tar --list --file=t.tar")
add("tar-sort-name", tree, "tar --sort=name -cf t.tar d; tar tf t.tar")
add("tar-modes", {"x": F(b"#!/bin/sh\n", T0, 0o755), "r": F(b"ro\n", T0, 0o444)}, "tar cf t.tar x r; rm -f x r; tar xf t.tar; ls -l x r | cut -c1-10")


# ---- compressed bytes: gzip's own encoder, several blocks (inputs made by the script) ------
add("gzip-bytes-large", {}, "seq 1 150000 > f; touch -d @1700000000 f; for l in 1 3 4 6 9; do gzip -$l -c f | sha256sum; done; gzip -c < f | sha256sum; cat f | gzip -n | sha256sum; gzip -k f; gzip -l f.gz; sha256sum f.gz; rm f f.gz")
add("gzip-bytes-multi", {}, "seq 1 40000 > a; yes 'abc def' | head -c 70000 > b; touch -d @1700000000 a b; gzip -c a b | sha256sum; gzip -9c b a | sha256sum; rm a b")
add("tar-gzip-bytes", {}, "mkdir d; seq 1 100000 > d/a; yes 'tar data line' | head -c 200000 > d/b; touch -d @1700000000 d/a d/b d; tar czf - d | sha256sum; tar czf t.tgz d; gzip -l t.tgz; rm -r d t.tgz")
add("tar-gzip-env", {}, "mkdir d; seq 1 20000 > d/a; touch -d @1700000000 d/a d; for g in -9 -1 --rsyncable -v -q '-9 -q' -n; do GZIP=\"$g\" tar czf - d | sha256sum; done; mkdir e; echo hi > e/f; GZIP=-c tar czf t.tgz e; echo $?; wc -c < t.tgz; GZIP=-x tar czf - e | wc -c; tar czf u.tgz d; GZIP=-v tar tzf u.tgz; GZIP=-c tar xzf u.tgz; echo $?; GZIP='-q -1' tar tzf u.tgz; rm -r d e t.tgz u.tgz")

for c in cases:
    print(json.dumps(c, sort_keys=True))
