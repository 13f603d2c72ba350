import sys
nums = []
bad = []
for raw in sys.stdin:
    for tok in raw.split():
        try:
            nums.append(float(tok))
        except ValueError:
            bad.append(tok)
print("count", len(nums), "sum", sum(nums), "mean", sum(nums) / len(nums))
print("ignored", bad)
