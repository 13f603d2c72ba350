scores = [67, 82, 91, 45, 78, 88, 95, 62, 71, 84, 99, 55, 73, 80]
buckets = {}
for s in scores:
    b = s // 10 * 10
    buckets[b] = buckets.get(b, 0) + 1
for b in sorted(buckets):
    print(f"{b:>3}-{b + 9:<3} {'#' * buckets[b]} ({buckets[b]})")
mean = sum(scores) / len(scores)
s = sorted(scores)
median = (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2
print(f"mean={mean:.2f} median={median} range={max(scores) - min(scores)}")
