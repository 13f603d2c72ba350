try:
    {"a": 1}["b"]
except KeyError as e:
    err = e
print(type(err).__name__, err.args, err.__traceback__ is not None, err.__cause__, err.__context__)
try:
    try:
        1 / 0
    except ZeroDivisionError as inner:
        raise ValueError("outer") from inner
except ValueError as e:
    print(repr(e.__cause__), e.__suppress_context__, repr(e.__context__))
e = ValueError("x")
print(e.__traceback__, str(e), e.with_traceback(None) is e)
