try:
    try:
        [].pop()
    except IndexError:
        err = TypeError("replacement")
        err.__suppress_context__ = True
        raise err
except TypeError as e:
    print(repr(e), repr(e.__context__), e.__suppress_context__)
try:
    {}["x"]
except KeyError:
    raise ValueError("shown with context")
