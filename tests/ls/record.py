#!/usr/bin/env python3
"""Records GNU ls (coreutils 9.1) for tests/ls.rs.

Each case builds a small tree with the same shell commands on both sides (mkdir, printf,
chmod, ln -s, touch -d/-h, all times years in the past so no "recent" time depends on the
clock), then runs a few ls commands, each followed by its status. Nothing lists `..` of the
case directory or inode numbers or change times, which differ between a host and the
simulator by construction.
Run: python3 tests/ls/record.py > tests/ls/cases.jsonl
"""
import json, subprocess, tempfile

TREE = r"""mkdir -p dir/sub/deep empty .hidden_dir
printf 'hello\n' > a.txt; printf 'x%.0s' $(seq 1 5000) > big.bin; printf '#!/bin/sh\n' > run.sh; chmod 755 run.sh
printf '' > .hidden; printf 'b\n' > 'b c.txt'; printf 'z' > file10; printf 'z' > file9; printf 'zz' > file.tar.gz; printf '1' > backup~
printf 'x%.0s' $(seq 1 70000) > huge.dat; chmod 640 huge.dat; printf 'ab' > Upper.TXT; mkdir .git_like
ln -s a.txt link; ln -s dir dirlink; ln -s nowhere broken; ln -s run.sh runlink
printf 'deep\n' > dir/sub/deep/f; printf 'in dir\n' > dir/x.md; printf '' > dir/.dot; ln -s ../a.txt dir/up
touch -d '2020-03-01 10:00:00' a.txt; touch -d '2019-05-05 05:05:05' big.bin; touch -d '2021-07-07 07:07:07.123456789' run.sh
touch -d '2018-01-01 00:00:00' 'b c.txt' file10 file9 file.tar.gz backup~ .hidden dir/x.md dir/.dot dir/sub/deep/f Upper.TXT
touch -d '2016-10-10 10:10:10' huge.dat
touch -d '2017-02-02 02:02:02' dir/sub/deep dir/sub dir empty .hidden_dir .git_like
touch -h -d '2016-06-06 06:06:06' link dirlink broken runlink dir/up
chmod 755 .; touch -d '2022-02-22 22:22:22' dir .
"""

NAMES = r"""touch 'a b' "it's" $'tab\there' 'q?' '#h' 'back\slash' 'c:d' '~t' 'wild*' 'x"y' $'nl\nname' $'\303\251t\303\251' plain '-dash'
touch -d '2018-01-01 00:00:00' -- * && chmod 755 . && touch -d '2018-01-01 00:00:00' .
"""

cases = []


def case(setup, commands):
    script = setup + "".join(c + '; echo "rc=$?"\n' for c in commands)
    d = tempfile.mkdtemp()
    env = {"LC_ALL": "C", "PATH": "/usr/bin:/bin", "HOME": d}
    r = subprocess.run(["bash", "-c", script], cwd=d, capture_output=True, env=env)
    cases.append({"script": script, "files": {}, "stdin": "",
                  "stdout": r.stdout.decode("utf-8", "surrogateescape"),
                  "stderr": r.stderr.decode("utf-8", "surrogateescape"),
                  "status": r.returncode})


groups = [
    ["ls", "ls -1", "ls -A", "ls -r", "ls -t", "ls -S"],
    ["ls -l", "ls -lA", "ls -la dir", "ls -l dir/sub"],
    ["ls -lh", "ls -ls", "ls -s", "ls -sh", "ls -sk", "ls -lk"],
    ["ls -l --si", "ls -l --block-size=K", "ls -ls --block-size=M", "ls -l --block-size=1K",
     "ls -s --block-size=KB", "ls -l --block-size=2"],
    ["ls -C", "ls -x", "ls -m", "ls -CF", "ls -C -s"],
    ["ls -C -w 30", "ls -x -w 30", "ls -m -w 30", "ls -Cs -w 40", "ls -w 0 -C", "ls -xp -w 50"],
    ["ls -T 0 -C -w 40", "ls -T 4 -C -w 40", "COLUMNS=40 ls -C", "COLUMNS=x ls -C",
     "ls -m -w 1", "ls -C -w 1"],
    ["ls -g", "ls -o", "ls -n", "ls -lG", "ls -l --author", "ls -go"],
    ["ls -lt", "ls -ltr", "ls -lS", "ls -lSr", "ls -lhS", "ls -lXr"],
    # -U, -f and --sort=none list in directory order, which a host file system does not
    # keep sorted; they are covered by the unit tests.
    ["ls -X", "ls -v", "ls -tr", "ls -Sr"],
    ["ls --sort=size", "ls --sort=time", "ls --sort=extension", "ls --sort=version",
     "ls --sort=width"],
    ["ls --group-directories-first", "ls -l --group-directories-first",
     "ls -r --group-directories-first", "ls -A --group-directories-first -F"],
    ["ls -F", "ls -p", "ls --file-type", "ls --indicator-style=classify",
     "ls --indicator-style=slash", "ls --indicator-style=none -F"],
    ["ls -lF", "ls -lF dirlink link broken runlink", "ls -F dirlink", "ls dirlink",
     "ls -l dirlink", "ls -l --file-type"],
    ["ls -L -l", "ls -H dirlink", "ls -lH dirlink", "ls -L", "ls -LF",
     "ls --dereference-command-line-symlink-to-dir -l dirlink"],
    ["ls -d", "ls -d dir empty", "ls -ld dir", "ls -d dir/*", "ls -ld .", "ls -dl ."],
    ["ls -R", "ls -lR", "ls -R dir", "ls -aR dir", "ls -dR dir", "ls -RF dir"],
    ["ls -I '*.txt'", "ls --hide='*.txt'", "ls -a --hide='*.txt' dir",
     "ls -A -I '.*'", "ls -B", "ls -A -B", "ls --ignore=file*"],
    ["ls --full-time", "ls -l --time-style=long-iso", "ls -l --time-style=iso",
     "ls -l --time-style=full-iso dir"],
    ["ls -l --time-style=+%Y/%m/%d", "ls -l --time-style='+%d.%m.%Y %H:%M'",
     "ls -l --time-style=posix-long-iso", "ls -l --time-style=locale",
     "ls -l --time-style=$'+%Y\\n%H'"],
    ["ls -l --time-style=bogus", "TIME_STYLE=long-iso ls -l", "ls --time-style=bogus",
     "TIME_STYLE=+%s ls -l dir"],
    # Access times of files only: reading a symlink on the host updates its own.
    ["ls -lu a.txt big.bin run.sh huge.dat", "ls -u a.txt big.bin run.sh huge.dat",
     "ls -lut *.txt *.bin", "ls --time=atime -l a.txt run.sh",
     "ls --time=access -lt a.txt run.sh big.bin", "ls --time=x"],
    ["ls --format=commas", "ls --format=long", "ls --format=across -w 40",
     "ls --format=vertical -w 40", "ls --format=single-column", "ls --format=x"],
    ["ls -l1", "ls -1l", "ls -Z", "ls -lZ", "ls -f -l1 dir | sort", "ls -lf -1 dir | sort"],
    ["ls --zero", "ls --zero -l dir", "ls -m --zero", "ls --zero dir empty", "ls --zero -m",
     "ls --zero -C", "ls -l --zero", "COLUMNS=0 ls -C", "ls -w 0 -m"],
    ["ls nofile a.txt", "ls a.txt nofile dir", "ls a.txt big.bin dir empty",
     "ls -l a.txt 'b c.txt'", "ls -l nofile", "ls empty"],
    ["ls -w x", "ls -T x", "ls --block-size=0", "ls --block-size=x", "ls --classify=never",
     "ls --classify=always", "ls --classify=auto", "ls --classify=x"],
    ["ls --color=never", "ls --color=x", "ls --hyperlink=never", "ls -k -h -s",
     "ls -h --si -s", "ls --si -h -s"],
    ["ls -Q", "ls -b", "ls -N", "ls -q", "ls --quoting-style=shell",
     "ls --quoting-style=x"],
    ["ls -lQ", "ls -Cb -w 40", "QUOTING_STYLE=shell ls", "QUOTING_STYLE=bad ls",
     "ls --show-control-chars -q", "ls -1 --literal"],
    ["ls -iR empty >/dev/null", "ls -l big.bin huge.dat", "ls -s huge.dat big.bin",
     "ls -l --block-size=K huge.dat", "ls -lh huge.dat", "ls --si -s huge.dat"],
]
for g in groups:
    case(TREE, g)

name_groups = [
    ["ls", "ls -q", "ls -b", "ls -Q"],
    ["ls --quoting-style=literal", "ls --quoting-style=shell", "ls --quoting-style=shell-always"],
    ["ls --quoting-style=shell-escape", "ls --quoting-style=shell-escape-always",
     "ls --quoting-style=c"],
    ["ls --quoting-style=c-maybe", "ls --quoting-style=escape", "ls --quoting-style=locale",
     "ls --quoting-style=clocale"],
    ["ls -l --quoting-style=shell", "ls -C --quoting-style=shell-escape -w 60",
     "ls -x --quoting-style=c-maybe -w 60", "ls -m --quoting-style=shell"],
    ["ls -lq", "ls -Cq -w 50", "ls -mb", "ls -l -b"],
    ["ls --sort=width", "ls -v", "ls -X", "ls -F --quoting-style=shell-escape"],
]
for g in name_groups:
    case(NAMES, g)

for c in cases:
    print(json.dumps(c, ensure_ascii=False))
