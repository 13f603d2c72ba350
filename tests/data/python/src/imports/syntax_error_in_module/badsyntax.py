def ok():
    return 1

def broken(:
    return 2
