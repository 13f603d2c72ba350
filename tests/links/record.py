#!/usr/bin/env python3
"""Records GNU coreutils 9.1, findutils and GNU tar behaviour around hard links.

Each case is a shell script run by real bash (LC_ALL=C) in an empty directory seeded with
`files`; its stdout, stderr and status are recorded. tests/links.rs runs the same script
through `shellsim -c` in /work/t. Inode numbers differ between machines, so the scripts show
link counts (`stat -c %h`), identity (`[ a -ef b ]`, `find -samefile`, `-inum` fed from
`stat -c %i`) and content, never raw inode numbers; `ls -l` is cut to the mode, link count
and name (dates differ too).
Run: python3 tests/links/record.py > tests/links/cases.jsonl
"""
import json, os, subprocess, tempfile

cases = []


def case(script, files=None):
    files = files or {}
    d = tempfile.mkdtemp()
    for name, text in files.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    env = {"LC_ALL": "C", "PATH": "/usr/bin:/bin", "HOME": d}
    r = subprocess.run(["bash", "-c", script], cwd=d, capture_output=True, env=env)
    cases.append({"script": script, "files": files, "stdin": "",
                  "stdout": r.stdout.decode(), "stderr": r.stderr.decode(),
                  "status": r.returncode})


AB = {"a": "hello\n", "b": "other\n"}
H = "stat -c '%h %n'"

# ---- ln: making hard links, and its diagnostics
for script in [
    "ln a c; echo rc=$?; %s a c; [ a -ef c ] && echo same" % H,
    "ln -v a c; ln -v a c; echo rc=$?",
    "mkdir d; ln -v a b d; %s a d/a d/b" % H,
    "mkdir d; ln -vt d a b; ls d",
    "ln a b; echo rc=$?",
    "ln -fv a b; echo rc=$?; cat b; %s a b" % H,
    "mkdir d; ln d e; echo rc=$?",
    "mkdir d; ln -d d e; echo rc=$?",
    "mkdir d; ln -fT a d; echo rc=$?",
    "mkdir d; ln -T a d; echo rc=$?",
    "ln nope z; echo rc=$?",
    "ln a nod/z; echo rc=$?",
    "ln -v a; echo rc=$?",
    "ln -f a a; echo rc=$?",
    "ln -f a ./a; echo rc=$?",
    "ln a c; ln -f c a; echo rc=$?; %s a c" % H,
    "ln a b c; echo rc=$?",
    "ln /dev/null n; echo rc=$?",
    "ln a ''; echo rc=$?",
    "ln '' q; echo rc=$?",
    "mkdir x1 x2 d; cp a x1/a; cp b x2/a; ln -f x1/a x2/a d; echo rc=$?; cat d/a",
    "mkdir x1 x2 d; cp a x1/a; cp b x2/a; ln x1/a x2/a d; echo rc=$?; cat d/a",
    "ln -s a s; ln -v s h; %s s h; [ -L h ] && echo h-is-symlink; cat h" % H,
    "ln -s a s; ln -L s h; %s a h; [ -L h ] || echo h-is-file" % H,
    "ln -s a s; ln -P -L s h; ln -L -P s h2; [ -L h ] || echo h-file; [ -L h2 ] && echo h2-link",
    "ln -s nowhere s; ln s h; echo rc=$?; ln -L s h2; echo rc=$?",
    "ln -nv a b/; echo rc=$?",
    "mkdir d; ln -v a d/; %s d/a" % H,
]:
    case(script, AB)

# ---- one inode, many names: content, metadata, removal
for script in [
    "ln a c; echo more >> c; cat a",
    "ln a c; echo new > a; cat c; %s a c" % H,
    "ln a c; chmod 600 c; stat -c '%a %n' a c",
    "ln a c; ln c d; %s a; rm a; %s c d; cat d" % (H, H),
    "mkdir d; ln a d/x; rm -r d; %s a" % H,
    "ln a c; mv b c; %s a c; cat c" % H,
    "ln a c; mv a c; echo rc=$?; ls",
    "ln a c; mv a e; %s c e; [ c -ef e ] && echo same" % H,
    "ln a c; truncate -s 2 c; cat a; echo",
    "ln a c; sed -i s/hello/bye/ c; cat a; %s a c" % H,
    "ln a c; touch -d 2001-01-01 c; stat -c '%y' a",
    "ln a c; ls -l a c | awk '{print $1, $2, $NF}'",
    "ln a c; ls -li a c | awk '{print ($1 == p) ? \"same\" : \"first\"; p = $1}'",
    "mkdir d; ln a d/x; stat -c '%h %F' d d/x a",
    "ln a c; test a -ef c && echo ef; test a -ef b || echo not-ef",
    "ln a c; [ $(stat -c %i a) = $(stat -c %i c) ] && echo same-ino",
]:
    case(script, AB)

# ---- find
for script in [
    "mkdir d; ln a d/x; find . -samefile a | sort",
    "mkdir d; ln a d/x; ln a y; find . -links 3 -type f | sort; find . -links +1 -type f | sort",
    "ln a c; find . -inum $(stat -c %i a) | sort",
    "find . -samefile nope; echo rc=$?",
    "ln -s a s; find . -samefile s | sort; find -L . -samefile s | sort",
    "ln a c; find . -type f -links 1",
]:
    case(script, AB)

# ---- du: a file of several names counts once
for script in [
    "mkdir d; echo x > d/f; ln b d/h; du -a d b | sort -k2",
    "mkdir d; echo x > d/f; ln b d/h; du -al d b | sort -k2",
    "mkdir d; ln a d/x; du -a . | sort -k2",
    "mkdir d; ln a d/x; du -s .; du -sl .; du --count-links -s .",
    "mkdir d; du d d; du -l -s d d",
    "ln a c; du -c a c; du -cb a c",
]:
    case(script, AB)

# ---- cp: -l makes links, -a keeps the links among copied files
for script in [
    "cp -l a c; %s a c" % H,
    "cp -lv a b; echo rc=$?; cat b",
    "cp -lfv a b; echo rc=$?; %s a b" % H,
    "cp -lnv a b; echo rc=$?; cat b",
    "cp -l a a; echo rc=$?",
    "mkdir d; ln a d/b; ln a d/c; mkdir e; cp -av d a e; %s e/d/b e/d/c e/a a" % H,
    "mkdir d; ln a d/b; cp -r d r; %s r/a r/b 2>&1" % H,
    "mkdir d; ln a d/b; cp -rl d r; %s a r/b" % H,
    "mkdir d; ln a d/b; cp -l d r; echo rc=$?",
    "ln a c; cp -a a c; echo rc=$?",
    "ln a c; mkdir e; cp -a a e; %s e/a" % H,
    "ln a c; mkdir e; cp -d a c e; %s e/a e/c; [ e/a -ef e/c ] && echo linked" % H,
    "ln a c; mkdir e; cp -p a c e; %s e/a e/c" % H,
]:
    case(script, AB)

# ---- tar: later names become hard-link members; extraction links them again
for script in [
    "mkdir d; ln a d/x; tar cf t.tar a d; tar tvf t.tar | awk '{print $1, $3, $6, $7, $8}'",
    "mkdir d; ln a d/x; tar cf t.tar d a; tar tf t.tar",
    "mkdir d; ln a d/x; ln a y; tar cf t.tar a d y; mkdir o; tar xf t.tar -C o; %s o/a o/d/x o/y; [ o/a -ef o/y ] && echo linked" % H,
    "mkdir d; ln a d/x; tar cvvf t.tar a d | awk '{print $1, $3, $6, $7, $8}'",
    "ln a c; tar cf t.tar a c; rm a c; tar xvf t.tar; %s a c" % H,
    "ln a c; tar czf t.tgz a c; mkdir o; cd o; tar xzf ../t.tgz; %s a c" % H,
]:
    case(script, AB)

# ---- the shell and other writers reach the inode through any name
for script in [
    "ln a c; echo two > c; cat a; exec 3>>a; echo three >&3; exec 3>&-; cat c",
    "ln a c; awk 'BEGIN { print \"awk\" > \"c\" }'; cat a",
    "ln a c; printf 'x\\n' | tee c >/dev/null; cat a; truncate -s 0 a; stat -c '%s %h' c",
    "mkdir d; ln a d/f; mv d e; %s e/f a; [ e/f -ef a ] && echo same" % H,
    "ln a c; rm -f a c; ls",
]:
    case(script, AB)

# ---- ln -r: relative symlinks (names resolved with every symlink followed, the source's
# own too); readlink shows the text made
RL = "; echo rc=$?; for x in $(find . -type l | sort); do echo \"$x -> $(readlink $x)\"; done"
for script in [
    "mkdir -p d/e; ln -sr a d/e/r1; ln -sr d/e d/r2; ln -sr nowhere/x d/r4; ln -sr a d",
    "mkdir -p d/e; ln -s a l; ln -sr l d/r3; ln -snr l d/r9; ln -sr d/ d/e/r8",
    "mkdir -p d/e; ln -sr a d/e/r1; ln -sr d/e/r1 d/e/r6; ln -sr . d/r7",
    "mkdir d; cd d; ln -sr ../a r10; ln -svr ../b; ln -sr / r11 && readlink r11 | sed 's,[.][.]/,,g'",
    "mkdir d; ln -svr a b d; ln -sr -t d a q",
    "mkdir d; ln -s d dl; ln -sr a dl/x; ln -sr dl/../a y",
    "ln -r a c", "ln -r a", "ln -r", "ln -sr a", "ln -sfr b a",
    "mkdir -p x/y; ln -s x/y yl; ln -sr a yl/z; ln -sr b yl/../w",
]:
    case(script + RL, AB)

# ---- ln -b, --backup[=CONTROL], -S: backups of a replaced destination
LS = "; echo rc=$?; ls; cat a b 2>/dev/null"
for script in [
    "ln -bv a b", "ln -b a b; ln -b a b", "ln -v --backup=numbered a b; ln -v --backup=t a b",
    "ln -v --backup=numbered a b; ln -sv --backup=existing a b", "ln -v --backup=existing a b",
    "ln -v --backup=simple a b; ln -v --backup=never a b", "ln -v --backup=none a b",
    "ln -v --backup=off a b", "ln -v --backup=nil a b", "ln -v --backup=nu a b", "ln -S .bak -v a b",
    "ln -vS .x -b a b", "ln -vS / -b a b", "ln -vS x/y -b a b", "ln -vS '' -b a b",
    "ln -vb -S x/ a b", "VERSION_CONTROL=numbered ln -vb a b", "VERSION_CONTROL=t ln -vb a b",
    "VERSION_CONTROL=bad ln -vb a b", "VERSION_CONTROL= ln -vb a b",
    "VERSION_CONTROL=numbered ln -v --backup=simple a b",
    "SIMPLE_BACKUP_SUFFIX=.q ln -vb a b", "SIMPLE_BACKUP_SUFFIX=.q ln -vb -S .r a b",
    "SIMPLE_BACKUP_SUFFIX=.q VERSION_CONTROL=simple ln -vb a b",
    "ln --backup=bogus a b", "ln --backup=n a b", "ln --backup= a b", "ln --backup=bogus a c",
    "ln --backup=bogus -s a s", "ln --backup=bogus -T a t", "ln --backup=bogus -r -s a r",
    "mkdir D; ln --backup=bogus a D", "ln --backup=bogus", "ln --backup=bogus a b c",
    "ln -b a a", "ln -bf a a", "ln a h; ln -bvf a h", "ln a h; ln -bv a h", "ln -sbv a a",
    "mkdir D; ln -b a D; ln -bsv a D; ls D", "mkdir D; ln -bT a D", "mkdir D; ln -sbT a D",
    "ln -s nowhere dl; ln -bv a dl", "touch b.~1~ b.~9~ b.~10~ b.~02~ b.~x~; ln -v --backup=t a b",
    "touch b.~1~; ln -vb a b", "touch b.~0~; ln -vb a b", "ln -bv a b; ln -bv b a",
    "mkdir d; echo c > d/a; ln -bv a b d", "mkdir d; echo c > d/a; ln -sbvt d a b",
    "ln -b a nodir/x", "ln -bfv a b",
]:
    case(script + LS, AB)

# ---- ln -i: the question on standard error, the answer read from standard input
for script in [
    "echo y | ln -i a b", "echo n | ln -i a b", "echo yes | ln -vis a b", "echo no | ln -is a b",
    "ln -i a b < /dev/null", "ln -if a b < /dev/null", "ln -fi a b < /dev/null",
    "echo y | ln -ib a b", "echo Y | ln -iv a b", "echo ' y' | ln -i a b",
    "echo y | ln -i a c", "mkdir D; echo y | ln -i a D", "mkdir D; echo y | ln -iT a D",
    "echo y | ln -i a a", "echo y | ln -si a a; [ -L a ] && echo a-is-link",
    "mkdir d; echo x > d/a; echo x > d/b; printf 'n\\ny\\n' | ln -iv a b d; cat d/a d/b",
    "printf 'y\\nrest\\n' | { ln -i a b; cat; }",
]:
    case(script + LS, AB)

if __name__ == "__main__":
    for c in cases:
        print(json.dumps(c))
