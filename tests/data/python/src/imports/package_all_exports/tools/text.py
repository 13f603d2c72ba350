def slugify(s):
    return "-".join(s.lower().split())
