# Benchmark case: 1,000 small file writes, then reading them all back.
# Works in a directory of its own and removes it, so every run creates the
# files afresh (and nothing is left behind in the caller's directory).
mkdir small-files.d || exit 1
cd small-files.d || exit 1
for i in $(seq 1000); do echo "$i" > "f$i"; done
cat f* | wc -l
cd .. && rm -r small-files.d
