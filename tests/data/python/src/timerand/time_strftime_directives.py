import time

t = time.gmtime(1709294400 + 3 * 3600 + 7 * 60 + 9)
for fmt in ["%Y-%m-%d %H:%M:%S", "%a %A %b %B", "%j %U %W %w %u", "%y %C %e %I %p",
            "%c", "%x %X", "%D %T %R", "%G-W%V", "%%s literal", "%-d/%-m", "%z"]:
    print(repr(fmt), "->", repr(time.strftime(fmt, t)))
print(time.strftime("%Y", (2024, 0, 0, 0, 0, 0, 0, 0, 0)))
