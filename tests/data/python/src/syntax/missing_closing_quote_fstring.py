name = "x"
msg = f"hello {name}
print(msg)
