import datetime

print("building")
d = datetime.date(2024, 1, 1)
print(d.month)
print(datetime.timedelta(days=3) * 2)
datetime.date(2024, 1, 1) + "x"
