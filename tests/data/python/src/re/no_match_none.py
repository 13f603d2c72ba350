import re

lines = ["id=1 name=ann", "id=2 name=bob", "broken"]
for line in lines:
    m = re.search(r"id=(\d+) name=(\w+)", line)
    print(m.group(1), m.group(2))
