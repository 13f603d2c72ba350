data = b"\d+\s"
mask = "\777"
print(len(data), len(mask))
