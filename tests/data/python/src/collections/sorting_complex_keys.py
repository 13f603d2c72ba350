files = ["report10.txt", "report2.txt", "Report1.txt", "notes.md", "report2.md", "a.txt"]
def natural_key(s):
    out, num = [], ""
    for ch in s.lower():
        if ch.isdigit():
            num += ch
        else:
            if num:
                out.append((0, int(num)))
                num = ""
            out.append((1, ch))
    if num:
        out.append((0, int(num)))
    return out
print(sorted(files))
print(sorted(files, key=natural_key))
print(sorted(files, key=lambda f: (f.rsplit(".", 1)[1], f.lower())))
print(sorted(files, key=len, reverse=True))
