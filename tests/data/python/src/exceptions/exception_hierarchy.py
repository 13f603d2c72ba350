def classify(exc):
    names = []
    for base in [ArithmeticError, LookupError, OSError, ValueError, Exception, BaseException]:
        if isinstance(exc, base):
            names.append(base.__name__)
    return names

for e in [ZeroDivisionError(), OverflowError(), IndexError(), KeyError(), FileNotFoundError(),
          UnicodeDecodeError("utf-8", b"\xff", 0, 1, "bad"), KeyboardInterrupt(), SystemExit()]:
    print(type(e).__name__, classify(e))
print(FileNotFoundError.__mro__)
