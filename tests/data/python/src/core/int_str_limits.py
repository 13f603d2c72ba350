big = 7 ** 2000
s = str(big)
print(len(s), s[:10], s[-10:])
try:
    int("1" * 5000)
except ValueError as e:
    print("ValueError:", str(e)[:60])
print(int("9" * 100) + 1 == 10 ** 100)
