import re

print(re.split(r"\s*,\s*", "a , b,c ,  d"))
print(re.split(r"(,)", "a,b,c"))
print(re.split(r"[;,]", "a;b,c;d", maxsplit=2))
print(re.split(r"(-)|(\+)", "1-2+3"))
print(re.split(r"\W+", "Words, words, words."))
print(re.split(r"(\W+)", "Words, words, words."))
print(re.split(r"\d", "no digits here"))
print(re.split("a", "", maxsplit=1))
print(re.compile(r"\s+").split("  leading and trailing  "))
