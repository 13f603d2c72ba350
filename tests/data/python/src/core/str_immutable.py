s = "hello"
t = s.upper()
print(s, t)
s = "j" + s[1:]
print(s)
s[0] = "H"
