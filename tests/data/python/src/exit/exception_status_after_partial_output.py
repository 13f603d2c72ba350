for i in range(3):
    print("line", i)
values = {"a": 1}
print(values["b"])
