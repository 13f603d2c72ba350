def banner(text, width=30, fill="*"):
    line = fill * width
    return "\n".join([line, text.center(width, fill), line])

print(banner(" Welcome "))
print(banner("odd", 10, "-"))
print(banner("a much longer title than the width", 12))
print("|" + "x".center(4) + "|" + "xy".center(5) + "|")
