import re

print(re.findall(r"(?i:hello) World", "HELLO World hello world Hello World"))
print(re.findall(r"a(?-i:B)c", "aBc ABC abc AbC", re.I))
print(re.match(r"(?s:.)(.)", "\n\n"))
print(re.findall(r"(?m:^x)", "x\nx"), re.findall(r"^x", "x\nx"))
print(re.compile("(?i)abc").flags & re.I != 0)
print(re.compile(r"(?x) a b").match("ab").group())
