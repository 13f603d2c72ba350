def documented(a, b=2, *args, c, **kw):
    """Adds things."""
    return a + b

print(documented.__name__, documented.__doc__, documented.__defaults__, documented.__kwdefaults__)
print(documented.__code__.co_argcount, documented.__code__.co_varnames[:4])
print(callable(documented), callable(3))
def no_doc():
    pass
print(no_doc.__doc__, no_doc())
print(documented.__qualname__, (lambda: 0).__name__)
