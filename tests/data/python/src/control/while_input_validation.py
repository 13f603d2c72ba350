answers = iter(["", "abc", "-5", "200", "42"])
attempts = 0
while True:
    attempts += 1
    raw = next(answers)
    if not raw:
        print("empty, try again")
        continue
    if not raw.lstrip("-").isdigit():
        print(f"{raw!r} is not a number")
        continue
    n = int(raw)
    if not 0 <= n <= 100:
        print(f"{n} out of range")
        continue
    break
print("accepted", n, "after", attempts, "attempts")
