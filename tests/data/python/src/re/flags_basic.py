import re

print(re.findall(r"hello", "Hello HELLO hello", re.IGNORECASE))
print(re.findall(r"^\w+", "one two\nthree four\nfive", re.M))
print(re.findall(r"a.b", "a\nb axb", re.S))
print(re.findall(r"a.b", "a\nb axb"))
print(re.search(r"(?i)WORLD", "hello world").group())
print(re.match(r"(?s).+", "x\ny").group() == "x\ny")
print(re.findall(r"\w+", "naïve café", re.ASCII))
print(re.findall(r"\w+", "naïve café"))
print(re.I | re.M, int(re.I | re.M))
print(repr(re.I), repr(re.I | re.S | re.X), repr(re.A | re.I))
