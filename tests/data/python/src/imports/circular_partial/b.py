import a
B_VALUE = "b sees " + a.A_VALUE
print("b: has A_LATE?", hasattr(a, "A_LATE"))
