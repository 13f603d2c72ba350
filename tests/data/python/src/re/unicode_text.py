import re

s = "Grüße aus Köln — 東京 2024年 ñandú"
print(re.findall(r"\w+", s))
print(re.findall(r"[^\x00-\x7f]", "aé b→c"))
print(re.sub(r"\s+", "_", s))
m = re.search(r"(\d+)年", s)
print(m.group(1), m.span())
print(re.match(r"(?i)KÖLN", "köln"), re.match(r"(?i)straße", "STRASSE"))
print(len(re.findall(r".", s)))
