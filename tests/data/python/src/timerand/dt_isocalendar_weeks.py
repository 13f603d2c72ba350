from datetime import date, timedelta

for y in (2019, 2020, 2021, 2024, 2026):
    jan1 = date(y, 1, 1)
    dec31 = date(y, 12, 31)
    print(y, tuple(jan1.isocalendar()), tuple(dec31.isocalendar()))
print(date.fromisocalendar(2024, 1, 1), date.fromisocalendar(2020, 53, 7))
try:
    date.fromisocalendar(2024, 53, 1)
except ValueError as e:
    print("ValueError:", e)
