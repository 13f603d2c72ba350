print("helper imported")
VALUE = 21
