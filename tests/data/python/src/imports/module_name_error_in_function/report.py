def render(doc):
    header = doc["title"].upper()
    print(header)
    for r in doc["rows"]:
        print(" -", r)
