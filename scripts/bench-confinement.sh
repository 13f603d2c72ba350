#!/usr/bin/env bash
# Benchmark the hardened start-up, in the same run on the same machine:
#   1. what confinement adds to `shellsim -c true` (confined minus --unconfined), and
#   2. the --root import of a 10,000-file, 100 MB tree (goal: under 1 s).
# A benchmark, not a test: it prints numbers and never fails because something is slow.
#
# Usage: cargo build --release && scripts/bench-confinement.sh
# Environment: SHELLSIM (binary), BENCH_RUNS (default 20), BENCH_TREE (reuse a tree directory).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHELLSIM=${SHELLSIM:-$root/target/x86_64-unknown-linux-gnu/release/shellsim}
RUNS=${BENCH_RUNS:-20}
[[ -x $SHELLSIM ]] || { echo "bench: build first: cargo build --release" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "bench: needs hyperfine" >&2; exit 2; }

json=$(mktemp)
trap 'rm -f "$json"' EXIT

median_ms() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(" ".join("%.3f" % (x["median"] * 1000) for x in r))' "$1"; }

echo "== confinement overhead on 'shellsim -c true' (median of $RUNS runs)"
hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$json" \
  "$SHELLSIM -c true" "$SHELLSIM --unconfined -c true" >/dev/null 2>&1
read -r confined unconfined < <(median_ms "$json")
python3 -c "import sys; c,u=map(float,sys.argv[1:]); print(f'confined {c:.3f} ms, unconfined {u:.3f} ms, confinement adds {c-u:.3f} ms')" "$confined" "$unconfined"

tree=${BENCH_TREE:-}
if [[ -z $tree ]]; then
  tree=$(mktemp -d)
  trap 'rm -f "$json"; rm -rf "$tree"' EXIT
  python3 - "$tree" <<'PY'
import os, sys
root = sys.argv[1]
block = (b"0123456789abcdef" * 640)  # 10,240 bytes
for i in range(10_000):
    d = os.path.join(root, f"d{i // 100:03d}")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"f{i:05d}.txt"), "wb") as f:
        f.write(block)
PY
fi
files=$(find "$tree" -type f | wc -l)
bytes=$(du -sb "$tree" | cut -f1)
echo "== --root import of $files files, $bytes bytes (median of $RUNS runs)"
hyperfine -N --warmup 2 --runs "$RUNS" --export-json "$json" \
  "$SHELLSIM --disk 512m --root $tree -c true" >/dev/null 2>&1
echo "import + run: $(median_ms "$json") ms"
