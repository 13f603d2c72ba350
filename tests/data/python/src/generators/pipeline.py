lines = """# config
name = shellsim
  version=0.1
# comment

debug = true
bad line
""".splitlines()

def strip_comments(it):
    for line in it:
        line = line.strip()
        if line and not line.startswith("#"):
            yield line

def parse_pairs(it):
    for line in it:
        if "=" not in line:
            print("skipping:", line)
            continue
        k, v = line.split("=", 1)
        yield k.strip(), v.strip()

config = dict(parse_pairs(strip_comments(lines)))
print(config)
