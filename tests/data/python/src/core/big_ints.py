n = 2 ** 100
print(n)
print(n * n)
print(-(3 ** 50))
fact = 1
for i in range(1, 31):
    fact *= i
print(fact)
print(fact // (2 ** 20), fact % 1000007)
print(len(str(2 ** 1000)))
print((10 ** 20 + 1) // 7, (10 ** 20) % 13)
print(int("123456789" * 4) + 1)
