import re

source = "def foo():\n    return bar(1) + baz(2)\n\ndef qux(x):\n    pass\n"
for m in re.finditer(r"^def (\w+)\((.*?)\):", source, re.M):
    line = source.count("\n", 0, m.start()) + 1
    print(f"line {line}: {m.group(1)}({m.group(2)}) at {m.span()}")
calls = [(m.group(1), m.start()) for m in re.finditer(r"(\w+)\(", source)]
print(calls)
it = re.finditer(r"\d", "a1b2")
print(next(it).group(), next(it).group())
