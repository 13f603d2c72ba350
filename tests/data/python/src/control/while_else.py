def find_divisor(n):
    d = 2
    while d * d <= n:
        if n % d == 0:
            print(n, "has divisor", d)
            break
        d += 1
    else:
        print(n, "is prime")

for n in [15, 17, 49, 97]:
    find_divisor(n)
count = 0
while count < 3:
    count += 1
else:
    print("while finished normally, count =", count)
