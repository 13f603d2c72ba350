#!/usr/bin/env python3
"""Record the expectations of the project's own spec cases from real bash.

Usage:
  python3 tests/spec/record.py [--check] [--bash PATH] [FILE.jsonl ...]

With no FILE, every tests/spec/*.jsonl beside this script is processed.
Each line is {"name", "script", "expect": {...}}. By default the script is
written to the stdin of a shell started as `bash` (so $0 is "bash" and
errors read "bash: line N: ..."), exactly as the Oils corpus and its bash
baseline run scripts; `--mode c` runs `bash -c SCRIPT` instead. The two
differ in places (an unbound variable under set -u exits 127 with -c but 1
from stdin; errors inside functions are labelled "environment:" with -c),
and the corpus expects the stdin behaviour, so the own cases are recorded
the same way to keep the two suites from contradicting each other. Because
stdin carries the script, a case must never read unredirected stdin (the
simulator runs it with empty stdin). The run happens
in a fresh empty directory that is also $TMP and $HOME,
under a clean environment: PATH=<helpers>:/usr/bin:/bin, SH=bash,
LC_ALL=C.UTF-8, REPO_ROOT=<an empty directory>. This mirrors what
tests/spec_conformance.rs sets up inside the simulator.

`expect` is rewritten with the observed stdout and status. stderr is
recorded only for cases that opt in by already having an "stderr" key in
`expect` (any value, e.g. ""), because most stderr text is not worth
pinning. --check compares instead of writing and exits 1 on a difference.

The helper programs (argv.py, printenv.py, stdout_stderr.py,
read_from_fd.py, foo=bar) are small Python 3 stand-ins with the same
output as the simulator's native versions (see helpers.rs).
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

HELPERS = {
    'argv.py': r'''
import os, sys
def rep(b):
    q = b"'"
    if b"'" in b and b'"' not in b:
        q = b'"'
    out = bytearray(q)
    for c in b:
        if c == 0x5c or c == q[0]:
            out += b'\\' + bytes([c])
        elif c == 9: out += b'\\t'
        elif c == 10: out += b'\\n'
        elif c == 13: out += b'\\r'
        elif 0x20 <= c < 0x7f: out.append(c)
        else: out += b'\\x%02x' % c
    return bytes(out + q)
args = [os.fsencode(a) for a in sys.argv[1:]]
sys.stdout.buffer.write(b'[' + b', '.join(rep(a) for a in args) + b']\n')
''',
    'printenv.py': r'''
import os, sys
for n in sys.argv[1:]:
    v = os.environb.get(os.fsencode(n))
    sys.stdout.buffer.write((v if v is not None else b'None') + b'\n')
''',
    'stdout_stderr.py': r'''
import os, sys
a = [os.fsencode(x) for x in sys.argv]
out = a[1] if len(a) > 1 else b'STDOUT'
err = a[2] if len(a) > 2 else b'STDERR'
st = int(a[3]) if len(a) > 3 else 0
sys.stderr.buffer.write(err + b'\n')
sys.stderr.flush()
sys.stdout.buffer.write(out + b'\n')
sys.exit(st)
''',
    'read_from_fd.py': r'''
import os, sys
for a in sys.argv[1:]:
    fd = int(a)
    try:
        data = os.read(fd, 1024)
    except OSError as e:
        sys.stderr.write('FATAL: Error reading from fd %d: %s\n' % (fd, e))
        sys.exit(1)
    sys.stdout.buffer.write(b'%d: ' % fd + data)
    sys.stdout.flush()
''',
}


def make_helpers(bindir):
    py = shutil.which('python3') or sys.executable
    py = os.path.realpath(py)
    for name, body in HELPERS.items():
        p = os.path.join(bindir, name)
        with open(p, 'w') as f:
            f.write('#!%s -S\n%s' % (py, body.lstrip('\n')))
        os.chmod(p, 0o755)
    p = os.path.join(bindir, 'foo=bar')
    with open(p, 'w') as f:
        f.write('#!/bin/sh\necho HI\n')
    os.chmod(p, 0o755)


def run_case(bash, bindir, script, mode):
    base = tempfile.mkdtemp(prefix='shellsim-record-')
    try:
        case = os.path.join(base, 'case')
        repo = os.path.join(base, 'repo')
        os.makedirs(case)
        os.makedirs(repo)
        env = {
            'PATH': bindir + ':/usr/bin:/bin',
            'HOME': case,
            'TMP': case,
            'SH': 'bash',
            'LC_ALL': 'C.UTF-8',
            'REPO_ROOT': repo,
        }
        # argv[0] is the bare name "bash", like upstream's harness, whatever the path.
        if mode == 'c':
            argv, stdin = ['bash', '-c', script], b''
        else:
            argv, stdin = ['bash'], script.encode('utf-8')
        p = subprocess.run(argv, executable=bash, cwd=case, env=env, input=stdin,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=10)
        return p.stdout, p.stderr, p.returncode
    finally:
        shutil.rmtree(base, ignore_errors=True)


def text(b, where, what):
    try:
        return b.decode('utf-8')
    except UnicodeDecodeError:
        sys.exit('%s: %s is not valid UTF-8; the case format stores text, so change the '
                 'script (e.g. print bytes through argv.py or od)' % (where, what))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('files', nargs='*')
    ap.add_argument('--check', action='store_true', help='compare only; exit 1 on a difference')
    ap.add_argument('--bash', default=shutil.which('bash') or '/bin/bash')
    ap.add_argument('--mode', choices=['stdin', 'c'], default='stdin',
                    help='how bash gets the script (default: on stdin, like the corpus)')
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(HERE, '*.jsonl')))
    version = subprocess.check_output([a.bash, '-c', 'echo $BASH_VERSION'], text=True).strip()
    bindir = tempfile.mkdtemp(prefix='shellsim-record-bin-')
    differences = 0
    try:
        make_helpers(bindir)
        for path in files:
            out_lines = []
            names = set()
            for n, line in enumerate(open(path, encoding='utf-8'), 1):
                if not line.strip():
                    continue
                where = '%s:%d' % (os.path.basename(path), n)
                case = json.loads(line)
                name, script = case['name'], case['script']
                if name in names:
                    sys.exit('%s: duplicate case name %r' % (where, name))
                names.add(name)
                old = case.get('expect', {})
                so, se, st = run_case(a.bash, bindir, script, a.mode)
                new = {'stdout': text(so, where, 'stdout')}
                if 'stderr' in old:
                    new['stderr'] = text(se, where, 'stderr')
                new['status'] = st
                if a.check and new != old:
                    differences += 1
                    print('DIFF %s %s\n  recorded %r\n  bash     %r' % (where, name, old, new))
                out_lines.append(json.dumps({'name': name, 'script': script, 'expect': new},
                                            ensure_ascii=False))
            if not a.check:
                with open(path, 'w', encoding='utf-8') as f:
                    f.write('\n'.join(out_lines) + '\n')
                print('recorded %d cases in %s with bash %s' % (len(out_lines), path, version))
    finally:
        shutil.rmtree(bindir, ignore_errors=True)
    if a.check:
        print('%d difference(s) against bash %s' % (differences, version))
        sys.exit(1 if differences else 0)


if __name__ == '__main__':
    main()
