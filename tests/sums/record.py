#!/usr/bin/env python3
"""Records GNU coreutils 9.1 output for the checksum commands (cksum with every algorithm and
--check, sum, md5sum/b2sum --check line reading).

Each case is a shell script run by real bash (LC_ALL=C) in an empty directory seeded with
`files`, with `stdin` on standard input; stdout, stderr and the status are recorded. The test
tests/sums.rs runs the same script through `shellsim -c` in /work/t.
Run: python3 tests/sums/record.py > tests/sums/cases.jsonl
"""
import json, os, subprocess, tempfile

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


MD5 = "b1946ac92492d2347c6235b4d2611184"
SHA1 = "f572d396fae9206628714fb2ce00f72e94f2258f"
B256 = "93becc6e9882211c3ec3708c95bcd69baab7bb59c7f4bc84ce637b88a534b783"
BASE = {"a": "hello\n", "e": "", "b\\c": "x", "sp ace": "text with space\n", "n\nl": "q"}
ALGOS = ["bsd", "sysv", "crc", "md5", "sha1", "sha224", "sha256", "sha384", "sha512",
         "blake2b", "sm3"]

# ---- printing with every algorithm
for a in ALGOS:
    case(f"cksum -a {a} a e 'b\\c' 'sp ace'; cksum -a {a} < a; cksum -a {a} - < a; "
         f"cksum --algorithm={a} --untagged a", BASE)
    case(f"cksum -a {a} -z a 'b\\c' | od -c; cksum -a {a} n*", BASE)
for s in ["cksum a e", "cksum < a", "cksum - a < e", "cksum -z a | od -c", "cksum nofile a",
          "cksum -a blake2b -l 256 a", "cksum -a blake2b -l 8 --untagged a 'b\\c'",
          "cksum -a blake2b -l 512 a", "cksum -a blake2b -l 0 a", "cksum -a blake2b -l ' 16' a",
          "cksum -a md5 --tag --untagged a", "cksum -a md5 --untagged --tag a",
          "cksum -a sha1 -a md5 a", "cksum --algo sha1 a", "cksum -a md5 --al=sha1 a",
          "cksum -a crc --untagged a", "cksum -a bsd --tag a", "cksum -a sysv -z a | od -c",
          "cksum -a md5 -- -", "seq 100000 | cksum", "seq 100000 | cksum -a sm3",
          "seq 100000 | cksum -a bsd", "seq 100000 | cksum -a sysv",
          "head -c 70000 /dev/zero | tr '\\0' '\\377' | cksum -a sysv",
          "cksum -a md5 e nofile a; echo rc=$?", "cksum -a sha512 . ; echo rc=$?"]:
    case(s, BASE)

# ---- option errors
for s in ["cksum -b a", "cksum -t a", "cksum --binary a", "cksum --text a", "cksum -a md5 -b a",
          "cksum -l 256 -b a", "cksum -a foo a", "cksum -a MD5 a", "cksum -a blake a",
          "cksum -a md a", "cksum -a '' a", "cksum -l 256 a", "cksum -a md5 -l 128 a",
          "cksum -l 7 -a blake2b a", "cksum -l 1024 -a blake2b a", "cksum -l 1024 -a crc a",
          "cksum -l -8 -a blake2b a", "cksum -l 8x -a blake2b a", "cksum -l '' -a blake2b a",
          "cksum -l 99999999999999999999999 -a blake2b a", "cksum -l 256 -l 0 a",
          "cksum -l 0x10 -a blake2b a", "cksum -a crc -c a", "cksum -a sysv -c a",
          "cksum -a bsd -c -z a", "cksum -c -z a", "cksum -w a", "cksum --strict a",
          "cksum --status a", "cksum --quiet a", "cksum --ignore-missing a", "cksum -x a",
          "cksum --algorithm", "b2sum -l 1024 a", "b2sum -l x a", "b2sum -l 12 a",
          "b2sum -l 0 a", "b2sum -l 128 a", "md5sum --untagged a", "md5sum -l 8 a",
          "md5sum --tag -t a", "md5sum --tag -c a", "md5sum -b -c a", "md5sum -c -z a",
          "md5sum --tag --zero a | od -c", "sha1sum -w a", "sum -x a", "sum --sysv a"]:
    case(s, BASE)

# ---- sum
for s in ["sum a", "sum -r a e", "sum -s a", "sum -s a e", "sum < a", "sum - < a",
          "sum -s - < a", "sum nofile a; echo rc=$?", "sum -r -s a", "sum -s -r a",
          "seq 50000 | sum", "seq 50000 | sum -s", "head -c 3000 /dev/zero | sum",
          "head -c 3000 /dev/zero | sum -s", "sum 'b\\c' 'sp ace'", "sum ."]:
    case(s, BASE)

# ---- --check
LISTS = {
    "mix": (f"MD5 (a) = {MD5}\nSHA1 (a) = {SHA1}\n"
            "SHA1 (e) = da39a3ee5e6b4b0d3255bfef95601890afd80709\n"
            f"BLAKE2b-256 (a) = {B256}\n"
            "SM3 (a) = f7a87a195b0cc0052b9d598482212ceb07e4ea60e8d139a5dfeff36c24abf2b3\n"
            "\\SHA256 (b\\\\c) = 2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881\n"
            "junk\n3015617425 6 a\n"),
    "j1": f"junk\nMD5 (a) = {MD5}\nCRC (a) = 1\nBLAKE2b-7 (a) = 27\n",
    "ws": (f"MD5 (a) = {MD5.upper()}\nMD5(a)= {MD5}\nMD5 (a)={MD5}\n  MD5 (a) = {MD5}\n"
           f"\t{MD5}  a\nMD5  (a) = {MD5}\nMD5x (a) = {MD5}\nMD5 (a) = {MD5} \n"),
    "rev": f"{MD5} a\n{MD5}  a\n{MD5} *a\n",
    "rev2": f"{MD5}  a\n{MD5} a\n",
    "u256": f"{B256}  a\n",
    "bl": (f"BLAKE2b-256 (a) = {B256}\nBLAKE2b-0x100 (a) = {B256}\nBLAKE2b-0400 (a) = {B256}\n"
           f"BLAKE2b- 256 (a) = {B256}\nBLAKE2b-256(a) = {B256}\nBLAKE2b-255 (a) = {B256}\n"
           f"BLAKE2b (a) = {B256}\nBLAKE2b(a)= {B256}\nBLAKE2b-1024 (a) = {B256}\n"),
    "short": f"ab  x\nab x\nab \na  x\nab\n{MD5}  \n{MD5} \n",
    "blank": f"\n\n{MD5}  a\r\n\r\n# comment\n #x\n#\n",
    "tab": f"{MD5}\ta\n{MD5} \ta\n",
    "miss": f"MD5 (nonexist) = {MD5}\n{MD5}  nonexist2\n",
    "bad": f"MD5 (a) = {'0' * 32}\n{'1' * 32}  a\n",
    "dash": f"MD5 (-) = {MD5}\n",
    "esc": ("\\9dd4e461268c8034f5c8564e155c67a6  b\\\\c\n\\7694f4a66316e53c8cdd9d9954bd611d  n\\nl\n"
            "\\9dd4e461268c8034f5c8564e155c67a6  b\\tc\n9dd4e461268c8034f5c8564e155c67a6  b\\c\n"),
    "escb": "\\MD5 (b\\\\c) = 9dd4e461268c8034f5c8564e155c67a6\n\\MD5 (n\\nl) = 7694f4a66316e53c8cdd9d9954bd611d\n",
    "space": f"{'5b8a5c8e5b1c3f1d0a3e6e6e1c9d8b2a'}  sp ace\nMD5 (sp ace) = {MD5}\n",
    "none": "",
}
FILES = dict(BASE, **LISTS)
for lst in LISTS:
    for prog in ["cksum", "md5sum", "cksum -a md5"]:
        case(f"{prog} -c -w {lst}; echo rc=$?", FILES)
for s in ["cksum -c mix", "cksum -c --strict mix", "cksum -c --quiet mix", "cksum -c --status mix",
          "cksum -c --quiet --status bad", "cksum -c -w --status j1", "cksum -a sha1 -c -w mix",
          "cksum -a sm3 -c mix", "cksum -a blake2b -c -w mix", "cksum -a blake2b -l 128 -c u256",
          "cksum -a blake2b -c -w short", "b2sum -c -w short", "b2sum -c -w u256 bl",
          "b2sum -l 128 -c u256", "b2sum -c -w mix", "cksum -c -w bl", "cksum -a blake2b -c -w bl",
          "cksum -c --ignore-missing miss", "cksum -c --ignore-missing miss mix",
          "cksum -c --ignore-missing --status miss", "cksum -c --ignore-missing bad",
          "md5sum -c --ignore-missing miss", "cksum -c nofile mix", "cksum -c rev rev2",
          "md5sum -c rev2 rev", "md5sum -c rev rev2", "cksum -c mix - < dash",
          "cksum -c < dash", "cksum -c dash < a", "cksum -c - < mix", "md5sum -c < rev",
          "cksum -c", "cksum -a md5 -c -w < esc", "cksum -c --tag mix", "cksum -c --untagged mix",
          "cksum --debug -a md5 -c mix", "sha1sum -c -w mix", "sha256sum -c mix",
          "cksum -c /dev/null", "cksum -c .", "md5sum -c ."]:
    case(s + "; echo rc=$?", FILES)

# Round trips: every algorithm's output checks.
for a in ALGOS[3:]:
    case(f"cksum -a {a} a e 'b\\c' 'sp ace' n* > l; cksum -c l; cksum -a {a} --untagged a 'b\\c' > u;"
         f" cksum -a {a} -c u; echo rc=$?", BASE)
case("b2sum -l 128 a e > l; b2sum -c l; cksum -a blake2b -c l; sha384sum --tag a | cksum -c",
     BASE)

for c in cases:
    print(json.dumps(c))
