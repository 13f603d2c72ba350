import random

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
rng = random.Random("service-account")

def make_password(length=12):
    chars = [rng.choice(LETTERS) for _ in range(length - 2)]
    chars += [rng.choice(DIGITS) for _ in range(2)]
    rng.shuffle(chars)
    return "".join(chars)

for _ in range(4):
    print(make_password())
print(make_password(20))
