data = """temp,22.5
temp,23.1
humidity,40
temp,bad
humidity,42
temp,21.9"""

def records(text):
    for line in text.splitlines():
        kind, value = line.split(",")
        yield kind, value

def numeric(recs):
    for kind, value in recs:
        try:
            yield kind, float(value)
        except ValueError:
            print(f"dropping {kind}={value!r}")

def only(kind, recs):
    return (v for k, v in recs if k == kind)

temps = list(only("temp", numeric(records(data))))
print(temps, round(sum(temps) / len(temps), 3))
