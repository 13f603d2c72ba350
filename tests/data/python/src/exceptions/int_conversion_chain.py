def parse_age(text):
    try:
        age = int(text)
    except ValueError:
        raise ValueError(f"age must be a number, got {text!r}")
    if age < 0:
        raise ValueError("age must be positive")
    return age

print(parse_age("42"))
parse_age("forty")
