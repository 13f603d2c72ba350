import re

long = "x" * 120
print(re.match(r"x+", long))
print(re.compile("y" * 250))
print(re.search(r"\w+", "  " + "abc" * 30))
print(re.match(r".", "é"))
print(re.match(r"'", "'x"), re.match(r"\"", '"'))
print(re.search(b"b+", b"abbbc"))
