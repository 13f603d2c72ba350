errors = [
    ValueError(),
    ValueError("one"),
    ValueError("two", 2),
    KeyError("k"),
    KeyError(),
    OSError("disk full"),
    Exception(None),
    RuntimeError(""),
]
for e in errors:
    print(type(e).__name__, "| str:", repr(str(e)), "| repr:", repr(e), "| args:", e.args)
