import time

def fmt_duration(seconds):
    seconds = int(seconds)
    days, rem = divmod(seconds, 86400)
    hours, rem = divmod(rem, 3600)
    minutes, secs = divmod(rem, 60)
    parts = []
    if days:
        parts.append(f"{days}d")
    if hours or days:
        parts.append(f"{hours}h")
    parts.append(f"{minutes}m{secs:02d}s")
    return " ".join(parts)

for s in [5, 65, 3600, 3725, 90061, 1_000_000]:
    print(s, fmt_duration(s), time.strftime("%H:%M:%S", time.gmtime(s)))
