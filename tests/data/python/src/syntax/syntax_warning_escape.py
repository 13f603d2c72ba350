path = "C:\data\new"
print(path)
print(len("\d"))
