name = "ann"
if name is not "bob":
    print("not bob")
if 3.5 is 3.5:
    print("same float")
