def sieve(limit):
    is_prime = [True] * (limit + 1)
    is_prime[0] = is_prime[1] = False
    for i in range(2, int(limit ** 0.5) + 1):
        if is_prime[i]:
            for j in range(i * i, limit + 1, i):
                is_prime[j] = False
    return [i for i, p in enumerate(is_prime) if p]

ps = sieve(100)
print(ps)
print(len(sieve(10000)), sum(sieve(1000)))
twins = [(a, b) for a, b in zip(ps, ps[1:]) if b - a == 2]
print(twins)
