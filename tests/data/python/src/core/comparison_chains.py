x = 5
print(1 < x < 10, 1 < x > 3, x == 5 == 5.0, 1 < 2 < 3 < 2)
print(3 < 2 < 1 / 0 if False else "short-circuit ok")
print("abc" < "abd", "Z" < "a", [1, 2] < [1, 3], (1, 2) < (1, 2, 0))
print(1 == 1.0, 1 is not None, None == 0, True == 1, False < True)
print(0.1 + 0.2 == 0.3, abs(0.1 + 0.2 - 0.3) < 1e-9)
print(max(3, 7, 2), min("pear", "apple", "fig"))
