#!/usr/bin/env python3
"""Records how real bash 5.2 reads scripts with syntax errors and unended here-documents.

Each case is a script run by real bash as `shellsim -c SCRIPT` (bash started under the name
`shellsim`, as shellsim's own `-c` shell names itself; stderr a pipe, LC_ALL=C) in an empty
directory; its stdout, stderr and status are recorded.
Run: python3 tests/syntax_errors/record.py > tests/syntax_errors/cases.jsonl
"""
import json, subprocess, tempfile

SCRIPTS = [
    # the lines before the error run; the error's line does not
    "echo a\nfi\necho b",
    "echo a; fi",
    "echo a;\nfi",
    "echo a\n  foo ) bar\necho b",
    "echo a\ncase x in\necho b",
    "f() {\necho a\n}\nf\n}\necho b",
    "echo a\nfor i in 1 2; do echo $i; done done\necho b",
    "echo a\ncase x in a) ;; esac esac",
    "echo a\n  if then fi  ",
    "echo a\necho \"x\" )  # c",
    "echo a\ncat <<EOF\nbody\nEOF\nfi",
    "trap 'echo bye' EXIT\necho a\nfi",
    "x=1\nif [ $x = 1 ]; then\n  echo one\nfi\nwhile\necho never",
    # the end of input inside a construct
    "echo a\nif true\n",
    "echo a\nwhile\necho b",
    "(echo a",
    "{ echo a",
    "case x in a)",
    "f() {",
    "for i in",
    "echo a |",
    "echo \"unterminated\necho b",
    "echo a\necho 'x\ny",
    "echo 1\necho $'a\nb",
    "echo ${x",
    "echo ${x:-a",
    "echo $((1",
    "echo `x",
    "echo $(echo",
    # here-documents ended by the end of input: bash warns and runs them
    "cat <<X\nabc",
    "cat <<X",
    "echo 1\ncat <<X",
    "cat <<X; echo after\nabc\n",
    "echo 0; cat <<X;\nabc",
    "cat <<X\nabc\ndef\n",
    "cat <<-X\n\tabc",
    # eval and source fail with status 2 and the script goes on
    "eval 'fi'; echo rc=$?",
    "eval 'echo a; fi'; echo rc=$?",
    "printf 'echo start\\nfi\\necho end\\n' > s.sh; source s.sh; echo rc=$?",
    "printf 'echo start\\nfi\\necho end\\n' > s.sh; . ./s.sh; echo rc=$?",
    # a script file run by bash names itself
    "printf 'echo start\\nif true; then\\n  echo x\\nfi fi\\necho end\\n' > s.sh; bash s.sh; echo rc=$?",
    "printf 'echo a\\nfor i in 1 2; do\\n echo $i\\n' > s.sh; bash s.sh; echo rc=$?",
    "printf 'echo a\\necho \"x\\n' > s.sh; bash s.sh; echo rc=$?",
    "printf 'echo a\\ncat <<X\\nabc\\ndef' > s.sh; bash s.sh; echo rc=$?",
    "printf 'echo a\\nfi\\n' | bash; echo rc=$?",
    "bash -c 'echo a; fi'; echo rc=$?",
]

for script in SCRIPTS:
    d = tempfile.mkdtemp()
    r = subprocess.run(["shellsim", "-c", script], executable="/bin/bash", cwd=d, capture_output=True,
                       stdin=subprocess.DEVNULL, env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"})
    print(json.dumps({"script": script, "stdout": r.stdout.decode(),
                      "stderr": r.stderr.decode(), "status": r.returncode}))
