#!/usr/bin/env bash
# Benchmark the read judge: 10,000 typical commands (about 200 bytes each) through
# `shellsim judge --stream`, lexical and with the host view, and print verdicts per second and
# microseconds per verdict (whole process, start-up included). A benchmark, not a test.
#
# Usage: cargo build --release && scripts/bench-judge.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHELLSIM=${SHELLSIM:-$root/target/x86_64-unknown-linux-gnu/release/shellsim}
RUNS=${BENCH_RUNS:-10}
[[ -x $SHELLSIM ]] || { echo "bench: build first: cargo build --release" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "bench: needs hyperfine" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A small project for the host view to walk: 60 files in 6 directories.
python3 - "$work/requests.ndjson" "$work/proj" <<'PY'
import json, os, sys
out, root = sys.argv[1], sys.argv[2]
for d in ["src", "docs", "data", "build", "scripts", "tests"]:
    os.makedirs(os.path.join(root, d), exist_ok=True)
    for i in range(10):
        open(os.path.join(root, d, f"f{i}.txt"), "w").close()
open(os.path.join(root, "Cargo.toml"), "w").close()
open(os.path.join(root, "README.md"), "w").close()
commands = [
    "cd src && grep -rn 'fn main' --include='*.rs' . | head -20 && cat ../Cargo.toml | sed -n '1,20p' > /tmp/out.txt",
    "find . -name '*.rs' -newer Cargo.toml -exec wc -l {} + | sort -n | tail -5; git -C . log --oneline -5 2>/dev/null",
    "for f in src/*.rs; do echo \"$f\"; head -3 \"$f\"; done | tee /tmp/heads.txt >/dev/null; cat ~/.ssh/id_rsa",
    "python3 scripts/check.py --input data/input.json --output build/report.txt && diff -u build/a.txt build/b.txt",
    "x=$(cat README.md | wc -l); if [ \"$x\" -gt 10 ]; then awk '{print $1}' docs/notes.md | sort | uniq -c; fi",
]
with open(out, "w") as f:
    for i in range(10_000):
        f.write(json.dumps({"id": i, "command": commands[i % len(commands)], "cwd": root,
                            "home": "/root", "roots": [root], "deny": ["~/.ssh/**", "**/.env", "*.pem"]}) + "\n")
PY
json=$(mktemp)
for mode in --lexical ""; do
  hyperfine --warmup 1 --runs "$RUNS" --export-json "$json" \
    "$SHELLSIM judge --stream $mode < $work/requests.ndjson > /dev/null" >/dev/null 2>&1
  python3 - "$json" "${mode:-host view}" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
med = r["median"]
print(f"{sys.argv[2]:>10}: 10,000 verdicts in {med*1000:.1f} ms = {10_000/med:,.0f} verdicts/s, {med/10_000*1e6:.1f} us each")
PY
done
rm -f "$json"
