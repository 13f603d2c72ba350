# Benchmark case: 1,000 calls of a shell function with one argument.
# Measures function dispatch, positional-parameter setup and teardown.
f() { x=$1; }
for ((i=0;i<1000;i++)); do f "$i"; done
echo "$x"
