import re

row = 'alpha, "beta, gamma", delta,"eps ""q"" ",  zeta'
FIELD = re.compile(r'\s*(?:"((?:[^"]|"")*)"|([^,]*?))\s*(?:,|$)')
fields = []
for m in FIELD.finditer(row):
    if m.group(1) is not None:
        fields.append(m.group(1).replace('""', '"'))
    else:
        fields.append(m.group(2))
    if m.end() == len(row):
        break
print(fields)
