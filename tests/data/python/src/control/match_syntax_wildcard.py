match 1:
    case 0:
        pass
    case _ | (_):
        pass
    case 2:
        pass
