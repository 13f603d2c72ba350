print("not printed")
match (1, 2):
    case (1, x) | (2, y):
        pass
