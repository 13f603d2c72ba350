a = 1
if a == 1 or b = 2:
    pass
