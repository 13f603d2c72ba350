#!/usr/bin/env bash
# Builds the release artifact of shellsim for Linux x86_64 and proves it is what we ship:
#   - a static executable (glibc +crt-static, non-PIE; no dynamic loader at all),
#   - stripped and reproducible (source paths remapped, SOURCE_DATE_EPOCH, --locked),
#   - confined: every escape probe is stopped by the artifact itself, and sandbox-status
#     reports seccomp enforced,
#   - with SHA256SUMS for the binary and the archive.
#
# Usage: packaging/build-release.sh [--reproducible-check]
#   --reproducible-check  build a second time in another target directory and require
#                         bit-identical binaries.
# Environment: TARGET (default x86_64-unknown-linux-gnu; x86_64-unknown-linux-musl works where
# that target is installed), OUT (default dist/).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD

TARGET=${TARGET:-x86_64-unknown-linux-gnu}
OUT=${OUT:-$root/dist}
check_repro=0
[[ ${1:-} == --reproducible-check ]] && check_repro=1

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}
cargo_home=${CARGO_HOME:-$HOME/.cargo}
# The explicit --target keeps these flags off build scripts and proc-macros (host artifacts).
export RUSTFLAGS="-C target-feature=+crt-static -C relocation-model=static --remap-path-prefix=$root=/shellsim --remap-path-prefix=$cargo_home=/cargo"
export CARGO_PROFILE_RELEASE_STRIP=symbols
export CARGO_PROFILE_RELEASE_DEBUG=0
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1

build() { # target-dir
  cargo build --release --locked --target "$TARGET" --target-dir "$1" --bin shellsim >&2
  echo "$1/$TARGET/release/shellsim"
}

bin=$(build "$root/target/release-build")
echo "built $bin"

# 1. Static: no program interpreter (PT_INTERP), so no dynamic loader and no shared libraries.
# Read from the ELF program headers directly, so the check needs nothing beyond python3.
python3 - "$bin" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:4] == b"\x7fELF" and data[4] == 2, "not a 64-bit ELF file"
phoff, = struct.unpack_from("<Q", data, 0x20)
phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
types = [struct.unpack_from("<I", data, phoff + i * phentsize)[0] for i in range(phnum)]
if 3 in types:
    sys.exit("build-release: the binary has a program interpreter: it is not static")
kind = "static-pie" if 2 in types else "static, non-PIE"
print(f"ELF: {kind}, {phnum} program headers, no interpreter")
PY

# 2. Reproducible, when asked.
if (( check_repro )); then
  again=$(build "$root/target/release-build-2")
  if ! cmp -s "$bin" "$again"; then
    echo "build-release: two builds differ: $bin $again" >&2
    exit 1
  fi
  echo "reproducible: two builds are bit-identical"
fi

# 3. The artifact confines itself and every escape probe is stopped.
"$bin" sandbox-status
state=$("$bin" sandbox-status | python3 -c 'import json,sys; print(json.load(sys.stdin)["seccomp"]["state"])')
[[ $state == enforced ]] || { echo "build-release: seccomp is $state" >&2; exit 1; }
probes=$( ("$bin" --selftest-escape '?' 2>&1 || true) | sed -n 's/.*(known: \([^)]*\)).*/\1/p')
blocked=0
for p in $probes; do
  [[ $p == inherited-fd ]] && continue
  set +e
  out=$("$bin" --selftest-escape "$p" </dev/null 2>/dev/null)
  rc=$?
  set -e
  if (( rc == 159 )) || grep -q '"ret":-1,"errno":13}' <<<"$out"; then
    blocked=$((blocked + 1))
  else
    echo "build-release: probe $p was NOT blocked (exit $rc): $out" >&2
    exit 1
  fi
done
echo "self-test: $blocked escape probes blocked"
[[ $("$bin" -c 'echo hi') == hi ]]

# 4. Archive and checksums (deterministic tar: sorted, fixed owner and mtime; gzip without name).
mkdir -p "$OUT"
name=shellsim-$version-$TARGET
stage=$(mktemp -d)
mkdir "$stage/$name"
cp "$bin" "$stage/$name/shellsim"
cp README.md LICENSE "$stage/$name/"
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
  -cf - "$name" | gzip -n -9 >"$OUT/$name.tar.gz"
cp "$bin" "$OUT/$name"
rm -rf "$stage"
(cd "$OUT" && sha256sum "$name" "$name.tar.gz" >SHA256SUMS && cat SHA256SUMS)
