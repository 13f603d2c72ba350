for text, base in [("ff", 16), ("0o17", 0), ("0b2", 0), ("12", 2), ("Z", 36), ("-0x10", 16), ("1e3", 10)]:
    try:
        print(text, base, "->", int(text, base))
    except ValueError as e:
        print(text, base, "-> ValueError:", e)
