def fetch(key):
    data = {"a": "1", "b": "two"}
    try:
        return int(data[key])
    except KeyError as e:
        raise LookupError(f"no key {key}") from e
    except ValueError:
        raise TypeError(f"bad value for {key}")

print(fetch("a"))
for k in ["zz", "b"]:
    try:
        fetch(k)
    except Exception as e:
        print(type(e).__name__, e, "| cause:", type(e.__cause__).__name__, "| context:", type(e.__context__).__name__)
fetch("b")
