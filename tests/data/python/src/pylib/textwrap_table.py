import textwrap

rows = [
    ("id", "description"),
    ("1", "Parse the configuration file and validate every section against the schema"),
    ("2", "Retry"),
    ("3", "Emit a summary with counts of warnings, errors and skipped entries"),
]
width = 30
for key, desc in rows:
    lines = textwrap.wrap(desc, width) or [""]
    print(f"{key:>3} | {lines[0]}")
    for extra in lines[1:]:
        print(f"{'':>3} | {extra}")
print(textwrap.wrap("a-b-c-d-e-f-g-h", 4))
print(textwrap.wrap("well--known em--dash usage here", 8))
print(textwrap.wrap("numbers like -1.5 and 3-4 ranges", 8))
