from datetime import datetime, timedelta

log = """\
2024-05-01T08:00:00 job=backup status=start
2024-05-01T08:42:17 job=backup status=done
2024-05-01T09:15:00 job=report status=start
2024-05-01T11:03:59 job=report status=done
"""
starts = {}
for line in log.splitlines():
    stamp, job, status = line.split()
    when = datetime.fromisoformat(stamp)
    name = job.split("=")[1]
    if status.endswith("start"):
        starts[name] = when
    else:
        took = when - starts[name]
        print(f"{name:8s} {took}  ({took.total_seconds() / 60:.1f} min)")
print(sum((datetime(2024, 5, 1, 9) - datetime(2024, 5, 1, 8, 0) for _ in range(3)), timedelta()))
