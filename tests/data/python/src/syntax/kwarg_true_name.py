def f(**kw):
    return kw
print(f(True=1))
