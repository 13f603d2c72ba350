import time

t = time.gmtime(1704164645)
print(t)
print(t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec)
print(t.tm_wday, t.tm_yday, t.tm_isdst, t.tm_gmtoff, len(t))
print(t[0], t[-1], list(t[:3]))
year, month, day, *rest = t
print(year, month, day, rest)
print(time.gmtime(0))
print(time.gmtime(-86400.5))
