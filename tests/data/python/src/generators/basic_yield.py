def countdown(n):
    print("start")
    while n > 0:
        yield n
        n -= 1
    print("done")

g = countdown(3)
print(type(g).__name__)
print(next(g))
for v in g:
    print("got", v)
print(list(countdown(2)))
