def handler():
    try:
        int("nope")
    except ValueError:
        print("logging and re-raising")
        raise

try:
    handler()
except ValueError as e:
    print("outer caught:", e)
handler()
