import re

cfg = """
# comment line
host = example.com
port=8080
  debug = yes   # trailing comment
name = "My App"
invalid line
"""
LINE = re.compile(r"^\s*(?P<k>[A-Za-z_]\w*)\s*=\s*(?P<v>\"[^\"]*\"|[^#\s]+)\s*(?:#.*)?$")
settings = {}
for raw in cfg.splitlines():
    if not raw.strip() or re.match(r"\s*#", raw):
        continue
    m = LINE.match(raw)
    if m is None:
        print("cannot parse:", repr(raw))
        continue
    settings[m["k"]] = m["v"].strip('"')
print(settings)
