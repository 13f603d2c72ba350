import io

def to_table(rows):
    out = io.StringIO()
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        out.write(" | ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())
        out.write("\n")
    return out.getvalue()

table = to_table([("id", "name", "ok"), (1, "parse", True), (22, "render", False)])
print(table, end="")
chunks = io.StringIO()
for i in range(1000):
    chunks.write(str(i % 10))
print(len(chunks.getvalue()), chunks.getvalue()[-12:])
