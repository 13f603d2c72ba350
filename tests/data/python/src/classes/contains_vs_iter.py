class Evens:
    def __contains__(self, n):
        print("__contains__", n)
        return n % 2 == 0

class Digits:
    def __iter__(self):
        print("__iter__ called")
        return iter(range(10))

print(4 in Evens(), 5 in Evens(), 3 not in Evens())
print(7 in Digits(), 11 in Digits())
print(1 in Evens)
