from datetime import date, timedelta

def month_end(d):
    nxt = d.replace(day=28) + timedelta(days=4)
    return nxt - timedelta(days=nxt.day)

d = date(2024, 1, 1)
while d.year == 2024:
    end = month_end(d)
    workdays = sum(1 for i in range((end - d).days + 1) if (d + timedelta(i)).weekday() < 5)
    print(d.strftime("%b"), end.day, workdays)
    d = end + timedelta(days=1)
