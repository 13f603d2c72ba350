import re

text = "Order #123 costs $45.67, tax 3.5%, shipping -2.00 and 1e3 items; ratio 3/4"
ints = re.findall(r"\d+", text)
print(ints)
floats = re.findall(r"-?\d+(?:\.\d+)?", text)
print(floats)
print([float(x) for x in floats])
print(sum(int(x) for x in re.findall(r"\b\d+\b", "1 22 333 x4 55y")))
money = re.findall(r"\$(\d+)\.(\d{2})", "paid $10.50 and $3.99 then $7")
print(money)
