import time

for bad in [-1, -0.5, "1", None, float("nan")]:
    try:
        time.sleep(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
