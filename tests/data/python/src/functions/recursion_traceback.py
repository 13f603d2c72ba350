def countdown(n):
    if n == 0:
        raise RuntimeError("liftoff failed")
    return countdown(n - 1)

countdown(3)
