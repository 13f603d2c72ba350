import time

cases = [
    ("2024-13-01", "%Y-%m-%d"),
    ("2024-01-01 extra", "%Y-%m-%d"),
    ("x", "%Q"),
    ("5", "%"),
    ("2023-02-29", "%Y-%m-%d"),
    (20240101, "%Y%m%d"),
]
for s, fmt in cases:
    try:
        time.strptime(s, fmt)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
