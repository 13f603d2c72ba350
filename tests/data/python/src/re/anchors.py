import re

text = "first line\nsecond line\nthird"
print(re.findall(r"^\w+", text))
print(re.findall(r"^\w+", text, re.MULTILINE))
print(re.findall(r"\w+$", text))
print(re.findall(r"\w+$", text, re.M))
print(re.search(r"line$", "a line\n"))
print(re.search(r"line\Z", "a line\n"))
print(re.search(r"\Aa", "ba"), re.search(r"\Ab", "ba"))
print(re.findall(r"\bcat\b", "cat concat cat. bobcat cats"))
print(re.findall(r"\Bcat\B", "concatenate cat"))
print(re.sub(r"^", "> ", "a\nb\nc", flags=re.M))
