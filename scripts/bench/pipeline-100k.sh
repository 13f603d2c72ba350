# Benchmark case: a four-stage pipeline over 100,000 lines.
# Measures pipe plumbing and the text tools (seq, sort, uniq, wc).
seq 100000 | sort -n | uniq | wc -l
