import sys
header = sys.stdin.readline().strip().split(",")
rows = [dict(zip(header, line.strip().split(","))) for line in sys.stdin if line.strip()]
print(f"{len(rows)} rows, columns {header}")
by_dept = {}
for r in rows:
    by_dept.setdefault(r["dept"], []).append(int(r["salary"]))
for dept, sal in sorted(by_dept.items()):
    print(f"{dept:<6} count={len(sal)} total={sum(sal):>7,} avg={sum(sal) / len(sal):>9,.1f}")
