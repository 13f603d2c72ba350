value = 3
print(f"{value!x}")
