config = {}
section = None
with open("app.ini") as f:
    for lineno, raw in enumerate(f, 1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            config[section] = {}
        elif "=" in line:
            k, v = (s.strip() for s in line.split("=", 1))
            config[section][k] = v
        else:
            raise SyntaxError(f"app.ini:{lineno}: cannot parse {line!r}")
print(config)
