data = b"caf\xe9 au lait"
print(data.decode("latin-1"))
print(data.decode("utf-8"))
