import time

lines = [
    "2024-03-01 12:00:05 INFO service started",
    "2024-03-01 12:00:09 WARN disk 91% full",
    "2024-03-01 12:01:30 ERROR request failed",
]
stamps = []
for line in lines:
    ts = time.strptime(line[:19], "%Y-%m-%d %H:%M:%S")
    stamps.append(time.mktime(ts))
    print(ts.tm_hour, ts.tm_min, ts.tm_sec, line[20:].split()[0])
print("span seconds:", stamps[-1] - stamps[0])
print(time.strptime("Tue Jan  2 03:04:05 2024"))
