import re

TOKENS = [
    ("NUMBER", r"\d+(?:\.\d*)?"),
    ("ID", r"[A-Za-z_]\w*"),
    ("OP", r"[+\-*/=()]"),
    ("SKIP", r"[ \t]+"),
    ("MISMATCH", r"."),
]
rx = re.compile("|".join("(?P<%s>%s)" % t for t in TOKENS))
def tokenize(code):
    for m in rx.finditer(code):
        kind = m.lastgroup
        if kind == "SKIP":
            continue
        yield kind, m.group()
print(list(tokenize("x = 3.5 * (y + 42) $")))
