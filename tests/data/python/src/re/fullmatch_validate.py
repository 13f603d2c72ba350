import re

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
for s in ["foo", "_bar9", "9abc", "a-b", ""]:
    print(repr(s), IDENT.fullmatch(s) is not None)
IPV4 = re.compile(r"(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)")
for ip in ["192.168.0.1", "256.1.1.1", "10.0.0", "0.0.0.0"]:
    print(ip, bool(IPV4.fullmatch(ip)))
print(re.fullmatch(r"a|ab", "ab").group())
print(re.fullmatch(r"\d+", "123abc"))
