#!/usr/bin/env bash
# Benchmark: run the same shell workloads under real bash and under shellsim,
# in the same run on the same machine, and print the ratio shellsim/bash.
#
# This is a benchmark, not a test: it never fails because something is slow.
# Performance goals are stated as ratios against the real tool measured here
# and now, because absolute times depend on the machine.
# It fails (exit 1) only if shellsim's output or exit status differs from
# bash's on some case, which would be a correctness bug, not a speed one.
#
# Usage:
#   cargo build --release && scripts/bench.sh
# Environment:
#   SHELLSIM     path to the shellsim binary (default: target/x86_64-unknown-linux-gnu/release/shellsim)
#   BASH_BIN     path to bash (default: bash from PATH)
#   BENCH_RUNS   timed runs per command (default: 10)
#   BENCH_WARMUP untimed warm-up runs per command (default: 2)
#   BENCH_CASES  space-separated subset of cases to run (default: all)
#   BENCH_TIMER  "hyperfine" or "loop" (default: hyperfine if installed)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cases_dir="$here/bench"

SHELLSIM=${SHELLSIM:-$root/target/x86_64-unknown-linux-gnu/release/shellsim}
BASH_BIN=${BASH_BIN:-$(command -v bash)}
BENCH_RUNS=${BENCH_RUNS:-10}
BENCH_WARMUP=${BENCH_WARMUP:-2}
# Case order: startup first (it is the floor every other case pays).
BENCH_CASES=${BENCH_CASES:-"startup arith-loop function-calls while-read pipeline-100k small-files"}

# The benchmark builds nothing itself: timing a debug build, or a build that
# happens to run mid-measurement, would give meaningless numbers.
if [[ ! -x $SHELLSIM ]]; then
  echo "bench: no shellsim binary at $SHELLSIM" >&2
  echo "bench: build it first with: cargo build --release" >&2
  echo "bench: (or point SHELLSIM at an existing binary)" >&2
  exit 2
fi
SHELLSIM=$(cd "$(dirname "$SHELLSIM")" && pwd)/$(basename "$SHELLSIM")

# Some workloads exceed shellsim's default resource limits (10M CPU units,
# 64 MiB). Raise them so the limits never cut a run short: we want the time
# of the whole workload, and a cut run would also fail the output check.
SIM_LIMITS=(--cpu 1g --memory 1g)

# Same environment for both shells: no BASH_ENV startup file for bash, and the
# C locale so bash's external tools (sort, uniq, wc) do plain byte work.
unset BASH_ENV ENV
export LC_ALL=C

if [[ -z ${BENCH_TIMER:-} ]]; then
  if command -v hyperfine >/dev/null 2>&1; then BENCH_TIMER=hyperfine; else BENCH_TIMER=loop; fi
fi

# bash writes real files, so it runs in a fresh scratch directory that is
# removed on exit. shellsim's filesystem is in memory and starts empty on
# every run; its --cwd only names a directory inside that memory.
work=$(mktemp -d "${TMPDIR:-/tmp}/shellsim-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

# argv for one case: "bash" or "shellsim", then the case name.
# startup is `-c true` on both sides; every other case runs its script file.
case_argv() {
  local who=$1 name=$2
  if [[ $name == startup ]]; then
    if [[ $who == bash ]]; then argv=("$BASH_BIN" -c true)
    else argv=("$SHELLSIM" "${SIM_LIMITS[@]}" -c true); fi
  else
    local file=$cases_dir/$name.sh
    if [[ ! -f $file ]]; then echo "bench: unknown case $name ($file missing)" >&2; exit 2; fi
    if [[ $who == bash ]]; then argv=("$BASH_BIN" "$file")
    else argv=("$SHELLSIM" "${SIM_LIMITS[@]}" run "$file"); fi
  fi
}

# Median of the numbers on stdin (one a line), integer nanoseconds.
median() {
  sort -n | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print 0; exit }
    if (NR % 2) print v[(NR + 1) / 2]; else print int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

# Median wall time of argv, in milliseconds (3 decimals), on stdout.
time_ms() {
  if [[ $BENCH_TIMER == hyperfine ]]; then
    # --shell=none: exec the command directly, so no intermediate shell's
    # start-up is added to (or subtracted from) either side. hyperfine already
    # gives stdin from /dev/null and discards stdout.
    local quoted="" a csv=$work/hyperfine.csv
    for a in "${argv[@]}"; do quoted+=" $(printf '%q' "$a")"; done
    # --ignore-failure: a non-zero exit is not a reason to stop timing; the
    # check column already compares exit statuses with bash's.
    # Its advice and warnings go to a log, so they do not break up the table.
    if ! hyperfine --shell=none --style=none --ignore-failure \
      --warmup "$BENCH_WARMUP" --runs "$BENCH_RUNS" --export-csv "$csv" \
      -- "${quoted# }" >/dev/null 2>"$work/hyperfine.log"; then
      cat "$work/hyperfine.log" >&2
      return 1
    fi
    # CSV columns: command,mean,stddev,median,user,system,min,max (seconds).
    awk -F, 'NR == 2 { printf "%.3f\n", $4 * 1000 }' "$csv"
  else
    # Fallback without hyperfine: a plain loop with a nanosecond clock.
    local i t0 t1
    # `|| true`: as with hyperfine, exit statuses are checked elsewhere.
    for ((i = 0; i < BENCH_WARMUP; i++)); do "${argv[@]}" </dev/null >/dev/null 2>&1 || true; done
    for ((i = 0; i < BENCH_RUNS; i++)); do
      t0=$(date +%s%N)
      "${argv[@]}" </dev/null >/dev/null 2>&1 || true
      t1=$(date +%s%N)
      echo $((t1 - t0))
    done | median | awk '{ printf "%.3f\n", $1 / 1e6 }'
  fi
}

echo "shellsim: $SHELLSIM"
echo "bash:     $BASH_BIN ($("$BASH_BIN" -c 'echo $BASH_VERSION'))"
echo "timer:    $BENCH_TIMER, median of $BENCH_RUNS runs after $BENCH_WARMUP warm-up"
echo "machine:  $(uname -sm), $(nproc) cores"
echo

fmt='%-16s | %10s | %14s | %9s | %s\n'
printf "$fmt" case "bash (ms)" "shellsim (ms)" ratio check
printf "$fmt" ---------------- ---------- -------------- --------- -----
mismatches=0
for name in $BENCH_CASES; do
  # Correctness first: one untimed run each; stdout and exit status must
  # match. Timing a run that does different work would compare nothing.
  case_argv bash "$name"
  bash_out=$("${argv[@]}" </dev/null 2>"$work/bash.err") && bash_rc=0 || bash_rc=$?
  case_argv shellsim "$name"
  sim_out=$("${argv[@]}" </dev/null 2>"$work/sim.err") && sim_rc=0 || sim_rc=$?
  check=ok
  if [[ $bash_out != "$sim_out" || $bash_rc != "$sim_rc" ]]; then
    check=MISMATCH
    mismatches=$((mismatches + 1))
    {
      echo "MISMATCH in $name:"
      echo "  bash     (exit $bash_rc): $(head -c 300 <<<"$bash_out")"
      echo "  shellsim (exit $sim_rc): $(head -c 300 <<<"$sim_out")"
      echo "  shellsim stderr: $(head -c 300 "$work/sim.err")"
    } >>"$work/mismatches.txt"
  fi

  case_argv bash "$name"
  bash_ms=$(time_ms)
  case_argv shellsim "$name"
  sim_ms=$(time_ms)
  ratio=$(awk -v s="$sim_ms" -v b="$bash_ms" 'BEGIN { if (b > 0) printf "%.2fx", s / b; else print "n/a" }')
  printf "$fmt" "$name" "$bash_ms" "$sim_ms" "$ratio" "$check"
done

echo
echo "ratio = shellsim time / bash time: below 1.00x means shellsim was faster."
if ((mismatches > 0)); then
  echo
  cat "$work/mismatches.txt"
  exit 1
fi
