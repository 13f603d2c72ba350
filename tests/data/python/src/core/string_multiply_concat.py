print("ab" * 3, 3 * "-", "x" * 0, repr("y" * -1))
parts = []
for i in range(5):
    parts.append(str(i) * i)
print(parts, "+".join(parts))
s = ""
for c in "hello":
    s = c + s
print(s)
print("abc" in "xxabcxx", "" in "abc", "d" not in "abc")
print("Line1\nLine2\r\nLine3".splitlines(), "a\n\nb".splitlines(True))
