match [1, 2]:
    case [x, [y, x]]:
        pass
