import string

titles = ["the quick  brown fox", "  leading and trailing  ", "o'neil's book", "HELLO wORLD"]
for t in titles:
    print(repr(string.capwords(t)), repr(t.title()))
print(string.capwords("alpha-beta-gamma", "-"))
print(string.capwords("a,b,,c", ","))
print(string.capwords(""))
