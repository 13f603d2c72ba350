def repeat_text(text, times):
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    if not isinstance(times, int):
        raise TypeError(f"times must be int, not {type(times).__name__}")
    if times < 0:
        raise ValueError("times must be non-negative")
    return text * times

print(repeat_text("ab", 3))
for args in [(5, 1), ("x", 2.0), ("x", -1)]:
    try:
        repeat_text(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
repeat_text(["list"], 2)
