import time

st = time.struct_time((2024, 5, 17, 8, 30, 0, 4, 138, 0))
print(st)
print(st.tm_mday, st.tm_yday, isinstance(st, tuple))
print(time.strftime("%d %B %Y", st))
try:
    time.struct_time((1, 2, 3))
except TypeError as e:
    print("TypeError:", e)
print(time.gmtime(86400 * 365) == time.gmtime(86400 * 365))
print(type(time.gmtime()).__name__)
