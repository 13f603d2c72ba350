for expr in ["1 / 0", "1 // 0", "1 % 0", "1.0 / 0", "divmod(1, 0)", "0 ** -1", "2.0 ** -1"]:
    try:
        print(expr, "=", eval(expr))
    except ZeroDivisionError as e:
        print(expr, "->", e)
