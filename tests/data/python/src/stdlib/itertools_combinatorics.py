import functools, itertools, operator
print(list(itertools.permutations("abc", 2)))
print(list(itertools.combinations(range(4), 2)))
print(list(itertools.product('ab', repeat=2)))
print([(k, list(g)) for k, g in itertools.groupby('aaabbc')])
print(list(itertools.islice(itertools.count(10, 5), 3)), list(itertools.chain([1], (2, 3))))
print(list(itertools.accumulate([1, 2, 3])), list(itertools.zip_longest('ab', 'c', fillvalue='-')))
print(list(itertools.batched(range(5), 2)), list(itertools.pairwise('abc')))
print(operator.itemgetter(1, 0)('ab'), operator.attrgetter('x')(p), operator.methodcaller('upper')('a'))
print(list(itertools.combinations_with_replacement('ab', 2)), list(itertools.starmap(pow, [(2, 3)])))
print(list(itertools.takewhile(lambda v: v < 3, [1, 2, 5, 1])), list(itertools.dropwhile(lambda v: v < 3, [1, 2, 5, 1])))
a, b = itertools.tee([1, 2]); print(list(a), list(b))
print(list(itertools.repeat('x', 3)), itertools.repeat(1, 2), itertools.count(3))

