import re

print(re.findall(r"\b(\w+)\s+\1\b", "this is is a test test of the the words"))
print(re.sub(r"\b(\w+)( \1\b)+", r"\1", "the the the cat sat sat"))
print(re.search(r"(['\"]).*?\1", "say 'hi' or \"bye\"").group())
print(re.match(r"(?P<q>\w)(?P=q)", "aab").group())
print(re.match(r"(?i)(a)\1", "aA"))
print(re.findall(r"<(\w+)>.*?</\1>", "<b>bold</b> <i>it</i> <u>bad</i>"))
