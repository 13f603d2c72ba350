match 1:
    case {1: a, True: b}:
        pass
