log = """2024-01-05 10:00:01 INFO server started port=8080
2024-01-05 10:00:05 WARN slow response ms=1200 path=/api
2024-01-05 10:01:00 ERROR db timeout ms=5000 path=/api/users
2024-01-05 10:02:13 INFO request ms=35 path=/
2024-01-05 10:03:44 ERROR upstream failed path=/api
"""
levels = {}
slow = []
for line in log.splitlines():
    date, time, level, *rest = line.split()
    levels[level] = levels.get(level, 0) + 1
    fields = dict(tok.split("=", 1) for tok in rest if "=" in tok)
    if int(fields.get("ms", 0)) > 1000:
        slow.append((time, fields["path"], int(fields["ms"])))
print(levels)
for t, path, ms in sorted(slow, key=lambda s: -s[2]):
    print(f"{t} {path:<12} {ms:>5} ms")
