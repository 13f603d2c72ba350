import re

PHONE = re.compile(r"""
    ^\(?(\d{3})\)?     # area code, optional parens
    [\s.-]*            # separator
    (\d{3})            # exchange
    [\s.-]*
    (\d{4})$           # line number
""", re.VERBOSE)

for s in ["(555) 123-4567", "555.123.4567", "5551234567", "55-1234-567"]:
    m = PHONE.match(s)
    print(s, "->", "-".join(m.groups()) if m else None)

num = re.compile(r"""(?x)
    [+-]?   \d+     # integer part
    (?: \. \d* )?   # fraction
""")
print(num.findall("x=+3.14, y=-2, z=7."))
print(re.findall(r"a\ b # not a comment?", "a b", re.X))
