#!/usr/bin/env python3
"""Records how GNU tools quote names in diagnostics under the default locale.

Each case is a shell script run by real bash with LANG=C.UTF-8 and no LC_ALL (the simulated
machine's default environment) in an empty directory seeded with `files`; its stdout, stderr
and status are recorded. Scripts starting with `export LC_ALL=C` check the same diagnostics in
the C locale. The test tests/locale.rs runs each script through `shellsim -c` in /work/t.
Run: python3 tests/locale/record.py > tests/locale/cases.jsonl
"""
import json, os, subprocess, tempfile

cases = []


def case(script, files=None, stdin=""):
    files = files or {"f": "one\ntwo\nthree\n"}
    d = tempfile.mkdtemp()
    for name, text in files.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    env = {"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": d}
    r = subprocess.run(["bash", "-c", script], cwd=d, input=stdin.encode(),
                       capture_output=True, env=env)
    # Diagnostics escape whatever is not valid text, so the streams stay UTF-8.
    cases.append({"script": script, "files": files, "stdin": stdin,
                  "stdout": r.stdout.decode(), "stderr": r.stderr.decode(),
                  "status": r.returncode})


# Names with the characters each quoting family treats specially, as bash words.
NAMES = ["x", "\"it's\"", "'a b'", "'a\\b'", "$'a\\nb'", "é", "$'\\xff'", "a’b", "$'\\t'",
         "'a:b'", "'#x'", "$'a\\'\\n'"]

# ---- the quote() family (curly quotes under UTF-8)
for n in NAMES:
    case("mkdir nx/" + n)
    case("head -n " + n + " f")
    case("ls nx/" + n)
    case("wc " + n)
    case("rm " + n)
    case("export LC_ALL=C; mkdir nx/" + n)
    case("export LC_ALL=C; ls " + n)
    case("export LC_ALL=C; wc " + n)

for s in [
    # mkdir
    "mkdir -m xyz d", "mkdir -v d e", "mkdir d; mkdir d",
    # head, tail
    "head -c x f", "head -n 1 nofile", "tail -n x f", "tail nofile",
    "head f nofile",
    # seq
    "seq x", "seq 1 x", "seq 1 0 5", "seq 1 2 3 4", "seq -f '%d' 3", "seq -f 'x' 3",
    # cut
    "cut -f x f", "cut -c 0 f", "cut -f 1 nofile", "cut -d ab -f 1 f",
    # sort
    "sort -k x f", "sort -k 1.x f", "sort -t ab f", "sort nofile", "sort --check=x f", "sort -o nx/o f",
    # touch, date
    "touch -d garbage g", "touch -t x g", "touch -r nofile g", "touch nx/g",
    "date -d garbage", "date --iso-8601=x", "date -r nofile",
    # chmod, chown
    "chmod xyz f", "chmod 644 nofile", "chmod", "chmod 644", "chown nouserx f",
    "chown root:nogroupx f", "chown root nofile", "chgrp nogroupx f", "chown",
    # numfmt
    "numfmt x", "numfmt --to=si 1x", "numfmt --padding=x 1", "numfmt --field=x 1",
    "numfmt --format=x 1", "numfmt --header=x 1", "numfmt --from=x 1",
    # sleep, split, csplit
    "sleep x", "sleep 1y", "split -l x f", "split -b x f", "split -n x f", "split -a x f",
    "split f a b", "split nofile", "split -t ab f", "csplit f x", "csplit f /x", "csplit nofile 1",
    "csplit f 9", "csplit -n x f 1",
    # env, timeout, nice, nohup, xargs
    "env nx", "env -u 'a=b' true", "env ./f", "timeout x true", "timeout 1 nx", "nice nx", "nohup nx", "echo a | xargs nx", "xargs -a nofile echo",
    "echo a | xargs -s x echo", "echo a | xargs -n x echo",
    # od, factor, dd, grep
    "od -t q f", "od -t x3 f", "od -w x f", "factor x", "factor 1.5", "factor -- -1", "dd if=nofile", "dd of=nx/o < f", "dd bs=x", "dd iflag=x", "dd conv=x", "dd foo=1",
    "grep a nofile", "grep -m x a f", "grep -A x a f", "grep -f nofile a",
    # tr, wc, du, df, stat
    "tr '[:x:]' a", "tr 'a-' b < f", "tr a", "tr a b c", "tr -d a b", "wc nofile", "wc -x f",
    "du nofile", "du -d x .", "du --max-depth=x", "df nofile", "stat nofile", "stat -c %n f nofile",
    # realpath, readlink, truncate, install, mktemp
    "realpath nx/y", "realpath -e nofile", "readlink -f nx/y/z", "readlink -e nofile", "readlink f",
    "truncate -s x f", "truncate -s 1 nx/y", "truncate -r nofile f", "truncate f",
    "install nofile d", "install -m x f g", "install -d nx/f/y", "install f", "install -o nouserx f g",
    "mktemp x", "mktemp -d nx/XXX", "mktemp XXX/x", "mktemp -p nx", "mktemp --suffix=/ XXX",
    # shuf, fold, nl, pr-like
    "shuf -n x f", "shuf -i x", "shuf -i 5-1", "shuf nofile", "shuf -o nx/y f",
    "fold -w x f", "fold -w 0 f", "fold nofile", "nl -w x f", "nl -b x f", "nl -v x f", "nl nofile",
    "nl -s '' -n x f", "expand -t x f", "expand -t 3,2 f", "unexpand -t x f", "expand nofile",
    # base64, cksum and sums
    "base64 -w x f", "base64 nofile", "base64 f g", "base32 -d f", "cksum nofile", "md5sum nofile", "sha256sum -c f", "md5sum -c nofile", "sha1sum --tag -c f", "b2sum -l x f",
    "printf 'x  nofile\\n' | md5sum -c", "printf '00000000000000000000000000000000  f\\n' | md5sum -c",
    # tee, comm, join, paste, uniq, test
    "echo a | tee nx/y", "comm f", "comm f g", "comm f f f", "join f", "join -1 x f f",
    "join -t ab f f", "join f nofile", "paste nofile", "paste -d '' f nofile", "uniq nofile",
    "uniq -f x f", "uniq f g h", "uniq -w x f",
    "(exec -a test /usr/bin/test x -eq 1)", "(exec -a test /usr/bin/test 1 -lt y)", "(exec -a test /usr/bin/test a b)", "(exec -a test /usr/bin/test -x)", "(exec -a test /usr/bin/test '(' a)",
    "(exec -a [ /usr/bin/[ a)", "(exec -a test /usr/bin/test 1 -eq 1 x)",
    # the rest of the coreutils here
    "rmdir nofile", "rmdir f", "cp nofile x", "cp f", "cp f nx/y", "cp f f", "mv nofile x",
    "mv f", "mv f nx/y", "ln -s f nx/y", "rm nofile", "rm -v f",
    "mkdir d; rm d", "mkdir d; cp d e", "cat nofile", "tac nofile", "basename a b c",
    "cmp f nofile", "diff f nofile", "(exec -a printf /usr/bin/printf '%d\\n' x)", "(exec -a printf /usr/bin/printf '%d\\n' 1x)", "fmt -w x f", "fmt nofile",
    "tsort a b", "tsort nofile", "sync nofile", "find nofile", "find . -mtime x",
    "find . -perm x", "find . -user nouserx", "find . -regextype x", "find . -bogus",
    "expr 1 +", "expr 1 2", "expr '(' 1", "expr '(' 1 2", "expr 1 + \"it's\"", "expr 1 é",
    "export LC_ALL=C; expr 1 é", "od -A q f", "od -A xyz f",
    "tar --sort=x -cf /dev/null f", "export LC_ALL=C; tar --sort=x -cf /dev/null f",
    "printf 'a\\n' | sed s/a/b/ nofile", "tree nofile", "du -h nofile",
    ]:
    case(s)

# ---- the names again, through more of the commands that quote them
for n in ["\"it's\"", "$'a\\nb'", "é", "$'\\xff'", "a’b", "'a\\b'"]:
    for s in ["touch -d {n} g", "seq {n}", "cut -f {n} f", "chmod {n} f", "sleep {n}",
              "env nx/{n}", "numfmt {n}", "split -l {n} f", "cp {n} y", "stat {n}", "rmdir {n}",
              "date -d {n}", "factor {n}", "(exec -a test /usr/bin/test {n} -eq 1)", "mv {n} y",
              "tr -d a {n}", "du {n}", "truncate -s 1 nx/{n}", "chmod 600 {n}", "touch nx/{n}",
              "sort -k {n} f", "export LC_ALL=C; seq {n}", "export LC_ALL=C; cp {n} y",
              "export LC_ALL=C; stat {n}"]:
        if not (n == "$'a\\nb'" and s.startswith("env ")):  # GNU env adds a -S hint here
            case(s.format(n=n))

if __name__ == "__main__":
    for c in cases:
        print(json.dumps(c, ensure_ascii=False))
