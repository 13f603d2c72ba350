def level3():
    raise ValueError("root cause")

def level2():
    try:
        level3()
    except ValueError as e:
        raise KeyError("middle") from e

def level1():
    try:
        level2()
    except KeyError as e:
        raise RuntimeError("top") from e

level1()
