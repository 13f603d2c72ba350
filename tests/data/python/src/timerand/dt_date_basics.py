from datetime import date

d = date(2024, 2, 28)
print(d, repr(d), d.year, d.month, d.day)
print(d.weekday(), d.isoweekday(), d.isocalendar())
print(d.isocalendar().week, d.toordinal(), date.fromordinal(d.toordinal() + 2))
print(d.replace(day=29), d.replace(year=2023, month=3))
print(d.ctime(), d.isoformat(), d.timetuple().tm_yday)
print(date.min, date.max, date.resolution)
print(date(2020, 12, 31).isocalendar(), date(2021, 1, 3).isocalendar())
