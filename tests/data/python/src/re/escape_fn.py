import re

print(re.escape("1.5*2+[x]"))
print(re.escape("hello_world-2024"))
print(re.escape("a b\tc"))
print(re.escape(b"a.b"))
term = "c++ (beta)"
print(re.findall(re.escape(term), "use c++ (beta) or c++ (beta)!"))
print(re.sub(re.escape("$x"), "5", "y = $x + $x"))
