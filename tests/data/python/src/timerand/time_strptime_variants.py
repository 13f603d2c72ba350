import time

print(time.strptime("12 pm", "%I %p").tm_hour, time.strptime("12 am", "%I %p").tm_hour)
print(time.strptime("07 PM", "%I %p").tm_hour)
print(time.strptime("+0530", "%z").tm_gmtoff)
print(time.strptime("2024 060", "%Y %j")[:3])
print(time.strptime("March 5 99", "%B %d %y")[:3])
print(time.strptime("Fri, 17 May 2024", "%a, %d %b %Y").tm_wday)
print(time.strptime("2024-W10-1", "%G-W%V-%u")[:3])
print(time.strptime("  2024  ", " %Y ")[0])
