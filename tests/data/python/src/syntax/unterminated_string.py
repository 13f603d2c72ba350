name = "unterminated
print(name)
