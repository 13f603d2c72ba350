# Benchmark case: a 100,000-iteration arithmetic loop.
# Measures the interpreter's core: (( )) tests, $(( )) expansion and assignment.
i=0; s=0
while (( i < 100000 )); do s=$((s + i)); i=$((i+1)); done
echo "$s"
