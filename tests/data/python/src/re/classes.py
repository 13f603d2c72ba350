import re

s = "Tab\there, nl\nend. 42 is_ok? ÄÖ"
print(re.findall(r"\d", s), re.findall(r"\D+", "a1b22c"))
print(re.findall(r"\s", s))
print(re.findall(r"\w+", s))
print(re.findall(r"\W+", "a, b;c"))
print(re.findall(r"[^\w\s]", s))
print(re.findall(r"[a-fA-F0-9]+", "deadBEEF 0x1f zz 99"))
print(re.findall(r"[-.\w]+", "a-b.c d_e"))
print(re.findall(r"[\]\[]", "[x]"), re.findall(r"[]]", "a]b"))
print(re.findall(r"[^]x]", "]xa"))
print(re.findall(r"[\x41-\x43]", "ABCD"), re.findall(r"[\u00c0-\u00ff]", "ÀxÿA"))
