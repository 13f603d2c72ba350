for a in (7, -7):
    for b in (2, -2, 3, -3):
        print(f"{a:>3} {b:>3} | // {a // b:>3} % {a % b:>3} | divmod {divmod(a, b)} | int(a/b) {int(a / b):>3}")
print(-7.5 // 2, -7.5 % 2, 7.5 // -2, 7.5 % -2)
