def f():
    try:
        raise ValueError("original")
    finally:
        raise KeyError("from finally")

f()
