import re

print(re.findall(r"\w+(?=:)", "key: value other: x"))
print(re.findall(r"(?<=\$)\d+(?:\.\d\d)?", "cost $19.99 or $5, not 7"))
print(re.findall(r"\b(?!un)\w+able\b", "unable capable unstable readable"))
print(re.sub(r"(?<=\d)(?=(\d{3})+$)", ",", "1234567"))
print(re.findall(r"(?<![\w.])\d+(?![\w.])", "v1.2 10 x20 30"))
pw = re.compile(r"^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$")
for s in ["weak", "Password1", "alllower1", "NoDigitsHere"]:
    print(s, bool(pw.match(s)))
