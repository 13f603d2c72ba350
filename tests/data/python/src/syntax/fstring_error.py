value = 3
print(f"value is {value")
