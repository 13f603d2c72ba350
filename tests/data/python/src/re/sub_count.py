import re

print(re.sub("a", "b", "aaaa", count=2))
print(re.subn(r"\d", "#", "a1b2c3", count=1))
print(re.compile("o").sub("0", "foo boo", count=3))
print(re.compile("o").subn("0", "foo"))
words = "one two three four"
new, n = re.subn(r"\b(\w)", lambda m: m.group(1).upper(), words)
print(new, n)
print(re.sub(r"(?P<w>\w+)", r"[\g<w>]", "a bc"))
