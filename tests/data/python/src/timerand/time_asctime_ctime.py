import time

t = time.gmtime(1704164645)
print(time.asctime(t))
print(time.ctime(0))
print(time.ctime(1e9))
print(time.asctime((2024, 12, 25, 18, 30, 0, 2, 360, 0)))
print(time.mktime(t) == 1704164645.0)
print(time.mktime((2024, 13, 1, 0, 0, 0, 0, 0, -1)) == time.mktime((2025, 1, 1, 0, 0, 0, 0, 0, -1)))
print(len(time.ctime()), len(time.asctime()))
