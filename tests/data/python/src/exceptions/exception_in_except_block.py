def convert(items):
    out = []
    for it in items:
        try:
            out.append(int(it))
        except ValueError:
            out.append(float(it))
    return out

print(convert(["1", "2.5"]))
print(convert(["3", "x"]))
