#!/usr/bin/env bash
# Benchmark `shellsim serve` round trips: 10,000 `execute` requests of `echo hi` through one
# serve process (JSON in, JSON out, confinement on), and print round trips per second. The
# in-process numbers (fork, checkpoint, diff against workspace size) come from
# `cargo bench --bench session`. A benchmark, not a test.
#
# Usage: cargo build --release && scripts/bench-serve.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHELLSIM=${SHELLSIM:-$root/target/x86_64-unknown-linux-gnu/release/shellsim}
RUNS=${BENCH_RUNS:-10}
N=${BENCH_REQUESTS:-10000}
[[ -x $SHELLSIM ]] || { echo "bench: build first: cargo build --release" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "bench: needs hyperfine" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for ((i = 0; i < N; i++)); do
  printf '{"id":%d,"op":"execute","source":"echo hi"}\n' "$i"
done > "$work/requests.ndjson"
: > "$work/empty.ndjson"
# Check the answers once: N responses, all ok.
ok=$("$SHELLSIM" serve < "$work/requests.ndjson" | grep -c '"ok":true')
[[ $ok == "$N" ]] || { echo "bench: expected $N ok responses, got $ok" >&2; exit 1; }
hyperfine --warmup 2 --runs "$RUNS" --export-json "$work/h.json" \
  -n empty "$SHELLSIM serve < $work/empty.ndjson" \
  -n requests "$SHELLSIM serve < $work/requests.ndjson" >/dev/null
python3 - "$work/h.json" "$N" <<'PY'
import json, sys
res = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
n = int(sys.argv[2])
empty, full = res["empty"]["median"], res["requests"]["median"]
per = (full - empty) / n
print(f"serve start-up and exit: {empty*1e3:.2f} ms (median)")
print(f"{n} execute round trips: {full*1e3:.1f} ms (median, whole process)")
print(f"per round trip: {per*1e6:.1f} us -> {1/per:,.0f} round trips per second")
PY
