width = 4
print(f"{width!}")
