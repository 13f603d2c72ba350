for call in [lambda: len(), lambda: len(1, 2), lambda: abs(), lambda: max(), lambda: sorted(1),
             lambda: divmod(1), lambda: isinstance(1), lambda: print(sep=1), lambda: int("1", base="x")]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
