def parse_all(items):
    for item in items:
        yield int(item)

total = 0
for n in parse_all(["1", "2", "three"]):
    total += n
    print("running total", total)
