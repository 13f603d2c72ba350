def risky(kind):
    if kind == 1:
        raise KeyError("k")
    if kind == 2:
        raise IndexError("i")
    if kind == 3:
        raise ZeroDivisionError("z")
    if kind == 4:
        raise TypeError("t")

for k in range(5):
    try:
        risky(k)
        print(k, "no error")
    except (KeyError, IndexError) as e:
        print(k, "lookup", repr(e))
    except ArithmeticError as e:
        print(k, "arith", repr(e))
    except Exception as e:
        print(k, "other", type(e).__name__)
