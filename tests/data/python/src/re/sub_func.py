import re

def repl(m):
    n = int(m.group(0))
    return str(n * 2)

print(re.sub(r"\d+", repl, "3 apples and 12 pears"))
print(re.sub(r"\b(\w)(\w*)", lambda m: m.group(1).upper() + m.group(2).lower(), "hELLO wORLD from PYTHON"))

env = {"USER": "alice", "HOME": "/home/alice"}
tmpl = "Hi ${USER}, your home is ${HOME}; ${MISSING} stays"
print(re.sub(r"\$\{(\w+)\}", lambda m: env.get(m.group(1), m.group(0)), tmpl))

calls = []
def record(m):
    calls.append((m.start(), m.group()))
    return "#"
print(re.sub("o", record, "foo boo", count=3), calls)
