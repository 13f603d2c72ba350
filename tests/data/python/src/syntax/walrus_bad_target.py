items = [1]
if (items[0] := 5):
    pass
