#!/usr/bin/env bash
# Benchmark the text and file commands against the GNU tools, in the same run on the same
# machine: sort, uniq, grep, sed and awk over 1,000,000 lines (read from standard input,
# so neither side pays for anything but the work and its own start-up), and find over a
# 10,000-file tree and tar czf of 50 MB (shellsim imports the tree with --root first: that
# is the real cost a user pays; find20 runs the search 20 times after one import). Prints each median and the ratio shellsim/GNU. A benchmark, not a test: it
# fails only when the two outputs differ.
#
# Usage: cargo build --release && scripts/bench-commands.sh
# Environment: SHELLSIM (binary), BENCH_RUNS (default 5), BENCH_CASES (subset)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHELLSIM=${SHELLSIM:-$root/target/x86_64-unknown-linux-gnu/release/shellsim}
RUNS=${BENCH_RUNS:-5}
CASES=${BENCH_CASES:-"sort uniq grep sed awk find find20 tar"}
[[ -x $SHELLSIM ]] || { echo "bench: build first: cargo build --release" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "bench: needs hyperfine" >&2; exit 2; }
export LC_ALL=C
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# 1M lines of mixed words and numbers, deterministic.
python3 - "$work/lines.txt" "$work/tree" <<'PY'
import os, random, sys
random.seed(7)
words = ["alpha", "beta", "gamma", "delta", "error", "warning", "info", "debug", "trace", "fatal"]
with open(sys.argv[1], "w") as f:
    for i in range(1_000_000):
        f.write(f"{random.choice(words)} {random.randrange(100000)} item{i % 977} {random.choice(words)}\n")
for d in range(100):
    os.makedirs(os.path.join(sys.argv[2], f"d{d:03}"), exist_ok=True)
    for i in range(100):
        ext = "txt" if i % 3 else "log"
        open(os.path.join(sys.argv[2], f"d{d:03}", f"f{i:03}.{ext}"), "w").write("x\n")
PY
# 50 MB for tar czf: 500 files of 100 KB of the text above, in 10 directories.
python3 - "$work/lines.txt" "$work/big" <<'PY2'
import os, sys
text = open(sys.argv[1], "rb").read()
for i in range(500):
    d = os.path.join(sys.argv[2], f"d{i % 10}")
    os.makedirs(d, exist_ok=True)
    start = (i * 100_003) % (len(text) - 100_000)
    open(os.path.join(d, f"f{i:03}.txt"), "wb").write(text[start:start + 100_000])
PY2
sort "$work/lines.txt" > "$work/sorted.txt"
declare -A GNU SIM
GNU[sort]="sort -k2,2n -k1,1 < $work/lines.txt"
SIM[sort]="$SHELLSIM --cpu 100g --memory 4g --output 1g -c 'sort -k2,2n -k1,1' < $work/lines.txt"
GNU[uniq]="uniq -c < $work/sorted.txt"
SIM[uniq]="$SHELLSIM --cpu 100g --memory 4g --output 1g -c 'uniq -c' < $work/sorted.txt"
GNU[grep]="grep -c 'error [0-9]*5 ' < $work/lines.txt"
SIM[grep]="$SHELLSIM --cpu 100g --memory 4g -c \"grep -c 'error [0-9]*5 '\" < $work/lines.txt"
GNU[sed]="sed -e 's/item\\([0-9]*\\)/#\\1/' -e '/debug/d' < $work/lines.txt"
SIM[sed]="$SHELLSIM --cpu 100g --memory 4g --output 1g -c \"sed -e 's/item\\([0-9]*\\)/#\\1/' -e '/debug/d'\" < $work/lines.txt"
# gawk when installed (the awk shellsim follows), else the machine's awk (mawk on Debian).
# The sums stay below 2^31 so both print them as integers.
AWK=$(command -v gawk || command -v awk)
GNU[awk]="$AWK '{ n[\$1] += \$2 % 1000; c[\$1]++ } END { for (k in n) print k, c[k], n[k] }' < $work/lines.txt | sort"
SIM[awk]="$SHELLSIM --cpu 100g --memory 4g -c \"awk '{ n[\\\$1] += \\\$2 % 1000; c[\\\$1]++ } END { for (k in n) print k, c[k], n[k] }' | sort\" < $work/lines.txt"
GNU[find]="cd $work/tree && find . -name '*.log' | sort | wc -l"
SIM[find]="$SHELLSIM --cpu 100g --memory 4g --root $work/tree -c \"find . -name '*.log' | sort | wc -l\""
# tar czf of the 50 MB tree (shellsim imports it first). The archive is written to a file on
# both sides; the check compares what the two archives list.
GNU[tar]="cd $work/big && tar czf $work/gnu.tgz . && tar tzf $work/gnu.tgz | sort | md5sum"
SIM[tar]="$SHELLSIM --cpu 100g --memory 4g --disk 4g --root $work/big -c \"tar czf /tmp/a.tgz . && tar tzf /tmp/a.tgz | sort | md5sum\""
# The same search run 20 times by one script: the import is paid once, as in a session.
GNU[find20]="cd $work/tree && for i in \$(seq 20); do find . -name '*.log' | sort | wc -l; done"
SIM[find20]="$SHELLSIM --cpu 100g --memory 4g --root $work/tree -c \"for i in \\\$(seq 20); do find . -name '*.log' | sort | wc -l; done\""
printf '%-6s | %12s | %12s | %8s\n' case "GNU (ms)" "shellsim (ms)" ratio
status=0
for c in $CASES; do
  if ! diff <(bash -c "${GNU[$c]}") <(bash -c "${SIM[$c]}") >/dev/null; then
    echo "$c: outputs differ" >&2
    status=1
    continue
  fi
  # Both sides run under `bash FILE` (hyperfine -N starts it without a further shell), so
  # both pay the same ~1 ms of bash start-up and no shell-overhead correction is involved.
  # Output goes to a file, never /dev/null: GNU grep notices /dev/null and stops at the
  # first match (even with -c), which would time a different job.
  printf '{ %s; } > %s\n' "${GNU[$c]}" "$work/out.gnu" > "$work/gnu.sh"
  printf '{ %s; } > %s\n' "${SIM[$c]}" "$work/out.sim" > "$work/sim.sh"
  hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$work/$c.json" \
    -n gnu "bash $work/gnu.sh" -n sim "bash $work/sim.sh" >/dev/null 2>&1
  python3 - "$work/$c.json" "$c" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
print(f"{sys.argv[2]:<6} | {r['gnu']*1e3:12.1f} | {r['sim']*1e3:12.1f} | {r['sim']/r['gnu']:7.2f}x")
PY
done
exit $status
