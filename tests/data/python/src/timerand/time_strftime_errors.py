import time

bad = [
    (2024, 13, 1, 0, 0, 0, 0, 1, 0),
    (2024, 1, 32, 0, 0, 0, 0, 1, 0),
    (2024, 1, 1, 24, 0, 0, 0, 1, 0),
    (2024, 1, 1, 0, 60, 0, 0, 1, 0),
    (2024, 1, 1, 0, 0, 0, 0, 367, 0),
    (2024, 1, 1),
    "2024",
    (2024, 1, 1, 0, 0, 1.5, 0, 1, 0),
]
for tt in bad:
    try:
        time.strftime("%Y", tt)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
time.strftime("%Y", (2024, 1, 1, 25, 0, 0, 0, 1, 0))
