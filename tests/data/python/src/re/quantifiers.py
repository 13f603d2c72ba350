import re

s = "<a><b></b></a>"
print(re.findall(r"<.+>", s))
print(re.findall(r"<.+?>", s))
print(re.findall(r"a{2}", "aaaaa"), re.findall(r"a{2,3}", "aaaaaaa"), re.findall(r"a{2,}?", "aaaaa"))
print(re.match(r"a{,2}", "aaaa").group(), re.match(r"x{}", "x{}").group())
print(re.match(r"(?:ab){2,3}", "abababab").group())
print(re.match(r"a*+a", "aaa"), re.match(r"a++b", "aab").group())
print(re.match(r"(?>a|ab)c", "abc"), re.match(r"(?:a|ab)c", "abc").group())
print(re.findall(r"\d{1,3}", "12345678"))
print(re.match("a?", "").span(), re.match("a??", "a").span())
