x = 5
if x = 5:
    print("five")
