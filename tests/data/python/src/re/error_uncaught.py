import re

def parse(line):
    m = re.match(r"(\w+)=(\d+)", line)
    return m.group(1), int(m.group(2))

print(parse("a=1"))
print(parse("b=x"))
