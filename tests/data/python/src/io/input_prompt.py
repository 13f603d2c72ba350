a = input("first number: ")
b = input("second number: ")
print()
print("sum:", int(a) + int(b))
