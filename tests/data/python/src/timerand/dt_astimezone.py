from datetime import datetime, timezone, timedelta

ny = timezone(timedelta(hours=-5), "EST")
tokyo = timezone(timedelta(hours=9), "JST")
meeting = datetime(2024, 3, 10, 9, 30, tzinfo=ny)
print(meeting.astimezone(timezone.utc))
print(meeting.astimezone(tokyo))
print(meeting.astimezone(tokyo).strftime("%Y-%m-%d %H:%M %Z (%z)"))
print(meeting == meeting.astimezone(tokyo))
print(meeting.utcoffset(), meeting.tzname(), meeting.dst())
print(meeting.timestamp())
print(datetime.fromtimestamp(0, timezone.utc), datetime.fromtimestamp(1700000000.5, tokyo))
