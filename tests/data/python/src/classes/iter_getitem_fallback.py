class Squares:
    def __init__(self, n):
        self.n = n
    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * i

s = Squares(5)
print(list(s), 9 in s, 10 in s)
for v in s:
    print(v, end=" ")
print()
print(sorted(s, reverse=True), max(s))
