def sign(n):
    return "positive" if n > 0 else "negative" if n < 0 else "zero"

print([sign(n) for n in (-2, 0, 3)])
x = 15
label = ("fizzbuzz" if x % 15 == 0 else "fizz" if x % 3 == 0 else "buzz" if x % 5 == 0 else str(x))
print(label)
for i in range(1, 16):
    print("Fizz" * (i % 3 == 0) + "Buzz" * (i % 5 == 0) or i, end=" ")
print()
