rows = "alice,eng,120\nbob,ops,90\ncarol,eng,150\ndan,ops,85\nerin,sales,70"
groups = {}
for line in rows.splitlines():
    name, dept, salary = line.split(",")
    groups.setdefault(dept, []).append((name, int(salary)))
for dept in sorted(groups):
    members = groups[dept]
    avg = sum(s for _, s in members) / len(members)
    print(f"{dept:6} n={len(members)} avg={avg:.1f} top={max(members, key=lambda m: m[1])[0]}")
