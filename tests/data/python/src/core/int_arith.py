a, b = 17, 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** b)
print(-a // b, -a % b, a // -b, a % -b)
print(divmod(17, 5), divmod(-17, 5), divmod(17, -5), divmod(-17, -5))
print(2 ** -1, 2 ** 0, 0 ** 0, (-2) ** 3, -2 ** 2)
print(7 // 2 * 2 + 7 % 2 == 7)
