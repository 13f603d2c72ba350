def primes():
    found = []
    n = 2
    while True:
        if all(n % p for p in found if p * p <= n):
            found.append(n)
            yield n
        n += 1

gen = primes()
print([next(gen) for _ in range(15)])
def take_while(pred, it):
    for x in it:
        if not pred(x):
            return
        yield x
print(list(take_while(lambda p: p < 60, primes())))
