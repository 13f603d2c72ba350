from datetime import datetime, date, time

for s in ["2024-01-02", "2024-01-02T03:04", "2024-01-02 03:04:05", "2024-01-02T03:04:05.123",
          "2024-01-02T03:04:05.123456+05:30", "2024-01-02T03:04:05Z", "20240102T030405",
          "2024-01-02T03:04:05-08:00"]:
    print(s, "->", repr(datetime.fromisoformat(s)))
print(repr(date.fromisoformat("2024-03-15")), repr(date.fromisoformat("20240315")))
print(repr(date.fromisoformat("2024-W01-2")))
print(repr(time.fromisoformat("03:04:05")), repr(time.fromisoformat("03:04:05.5")))
for bad in ["bad", "2024-13-01", "2024-01-02T25:00", ""]:
    try:
        datetime.fromisoformat(bad)
    except ValueError as e:
        print("ValueError:", e)
