result = max(
    1,
    2,
