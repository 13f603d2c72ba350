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

if __name__ == "__main__":
    for c in cases:
        print(json.dumps(c))
