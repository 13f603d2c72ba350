# Benchmark case: a 10,000-line `while read -r` loop over a file.
# The script writes its own input first: the simulator's filesystem starts
# empty, and generating it here keeps the work identical on both sides.
# It works in a directory of its own and removes it, so repeated runs are alike.
mkdir while-read.d || exit 1
cd while-read.d || exit 1
seq 10000 > lines.txt
n=0; total=0
while read -r line; do
  n=$((n + 1))
  total=$((total + line))
done < lines.txt
echo "$n $total"
cd .. && rm -r while-read.d
