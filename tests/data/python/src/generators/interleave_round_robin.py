def round_robin(*iterables):
    its = [iter(i) for i in iterables]
    while its:
        alive = []
        for it in its:
            try:
                yield next(it)
                alive.append(it)
            except StopIteration:
                pass
        its = alive

print(list(round_robin("ABC", "d", "EF")))
print(list(round_robin(range(3), [], range(10, 15))))
