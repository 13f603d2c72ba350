def validator(kind):
    if kind == "int":
        def check(v):
            return isinstance(v, int) and not isinstance(v, bool)
    elif kind == "nonempty":
        def check(v):
            return bool(v)
    else:
        raise ValueError(f"unknown validator {kind!r}")
    check.__name__ = f"check_{kind}"
    return check

for kind in ["int", "nonempty"]:
    fn = validator(kind)
    print(fn.__name__, [fn(v) for v in [1, True, "", "x", 0]])
validator("email")
