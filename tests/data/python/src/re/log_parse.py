import re

LOG = """2024-01-15 10:23:45 INFO  server started on port 8080
2024-01-15 10:23:47 WARN  disk usage at 91%
2024-01-15 10:24:01 ERROR failed to connect to db: timeout after 30s
2024-01-15 10:24:05 INFO  retrying connection
garbage line here
2024-01-15 10:24:09 ERROR failed to connect to db: refused
"""

pat = re.compile(r"^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) (\w+)\s+(.*)$")
counts = {}
for line in LOG.splitlines():
    m = pat.match(line)
    if not m:
        print("skip:", line)
        continue
    date, time, level, msg = m.groups()
    counts[level] = counts.get(level, 0) + 1
    if level == "ERROR":
        print(f"{time} {msg}")
print(sorted(counts.items()))
