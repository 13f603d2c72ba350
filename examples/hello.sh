#!/bin/bash
# A small agent-style script: files, a loop, a pipeline, arithmetic.
mkdir -p out
for name in alpha beta gamma; do
  echo "$name" > "out/$name.txt"
done
count=0
for f in out/*.txt; do
  count=$((count + 1))
done
echo "wrote $count files"
printf '%s\n' out/*.txt | while read -r f; do echo "file: ${f#out/}"; done
