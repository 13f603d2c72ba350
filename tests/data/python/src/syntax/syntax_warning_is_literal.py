x = 1
if x is 1:
    print("is with literal compiles with a warning")
print("done")
