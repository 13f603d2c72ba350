import a
print(a.A_VALUE, a.b.B_VALUE)
