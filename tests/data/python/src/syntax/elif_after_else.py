x = 1
if x:
    pass
else:
    pass
elif x > 2:
    pass
