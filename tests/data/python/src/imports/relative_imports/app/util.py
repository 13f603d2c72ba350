def tag(s):
    return f"[{s}]"

def fmt(a, b):
    return f"{a} by {b!r}"
