match {}:
    case {"x": 1, "y": 2, "x": 3}:
        pass
