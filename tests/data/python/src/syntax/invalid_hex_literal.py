color = 0xFFG0A0
print(color)
