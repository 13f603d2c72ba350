from datetime import timedelta

for td in [timedelta(days=1, seconds=3600), timedelta(0), timedelta(-1),
           timedelta(microseconds=-1), timedelta(hours=1.5), timedelta(weeks=2, minutes=3),
           timedelta(days=-1, seconds=5), timedelta(milliseconds=1.5), timedelta(seconds=86399.9999999)]:
    print(repr(td), "|", str(td))
print(timedelta.min, timedelta.max, timedelta.resolution, sep="\n")
