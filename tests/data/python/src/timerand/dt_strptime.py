from datetime import datetime

print(repr(datetime.strptime("2024-01-02 03:04:05", "%Y-%m-%d %H:%M:%S")))
print(repr(datetime.strptime("02/Jan/2024:03:04:05 +0100", "%d/%b/%Y:%H:%M:%S %z")))
print(repr(datetime.strptime("2024-01-02T03:04:05.250Z", "%Y-%m-%dT%H:%M:%S.%f%z")))
print(repr(datetime.strptime("July 4 2024 3PM", "%B %d %Y %I%p")))
for s, f in [("2024-02-30", "%Y-%m-%d"), ("2024/01/02", "%Y-%m-%d"), ("2024-01-02 junk", "%Y-%m-%d")]:
    try:
        datetime.strptime(s, f)
    except ValueError as e:
        print("ValueError:", e)
