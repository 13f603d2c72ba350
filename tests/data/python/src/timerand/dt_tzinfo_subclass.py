from datetime import datetime, timedelta, tzinfo

class FixedZone(tzinfo):
    def __init__(self, hours, name):
        self.off = timedelta(hours=hours)
        self.name = name
    def utcoffset(self, dt):
        return self.off
    def tzname(self, dt):
        return self.name
    def dst(self, dt):
        return timedelta(0)

cet = FixedZone(1, "CET")
dt = datetime(2024, 1, 15, 12, tzinfo=cet)
print(dt, dt.tzname(), dt.utcoffset())
print(dt.strftime("%H:%M %Z %z"))
other = FixedZone(-2, "X")
print(dt.astimezone(other))
print(dt - datetime(2024, 1, 15, 12, tzinfo=other))
