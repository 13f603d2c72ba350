def squares(n):
    for i in range(n):
        yield i * i

g = squares(4)
print(list(g))
print(list(g))
lst = [i * i for i in range(4)]
print(lst, lst)
it = iter(lst)
print(list(zip(it, it)))
