from datetime import datetime, date, time, timezone, timedelta

dt = datetime(2024, 7, 4, 15, 9, 26, 53589)
print(dt.strftime("%Y-%m-%d %H:%M:%S.%f"))
print(dt.strftime("%A, %B %d, %Y at %I:%M %p"))
print(dt.strftime("%j %U %W %a %b %y"))
print(dt.strftime("[%z][%Z]"))
aware = dt.replace(tzinfo=timezone(timedelta(hours=2)))
print(aware.strftime("%H:%M %z %Z"), aware.strftime("%:z"))
print(date(2024, 7, 4).strftime("%d/%m/%Y %H:%M"))
print(time(9, 5, 7).strftime("%H:%M:%S"))
print(f"{dt:%Y/%m/%d}", format(date(2024, 1, 2), ""), f"{time(1, 2):%H-%M}")
