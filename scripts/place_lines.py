#!/usr/bin/env python3
"""Lays out a Python source template so marked statements land on given line numbers.

A line `#@N` in the template is dropped, and blank lines are inserted so that the line
after it becomes line N of the output. shellsim's `json` package uses it so that the
statements CPython's tracebacks show from `json/*.py` sit at the line numbers CPython 3.14
shows them (tracebacks are compared byte for byte).

    scripts/place_lines.py TEMPLATE OUTPUT
"""
import sys


def place(lines):
    out = []
    for i, line in enumerate(lines):
        s = line.strip()
        if s.startswith("#@") and s[2:].isdigit():
            want = int(s[2:])
            if len(out) + 1 > want:
                sys.exit(f"template line {i + 1}: already at line {len(out) + 1}, past {want}")
            out.extend([""] * (want - 1 - len(out)))
        else:
            out.append(line.rstrip("\n"))
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    src, dst = sys.argv[1], sys.argv[2]
    with open(src) as f:
        text = place(f.readlines())
    with open(dst, "w") as f:
        f.write(text)
