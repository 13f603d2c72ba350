calls = []
def big(n):
    calls.append(n)
    return n > 10

for value in [5, 50, (1, 2)]:
    match value:
        case int(n) if big(n):
            print(value, "big int")
        case int(n):
            print(value, "small int")
        case (a, b) if big(a + b):
            print(value, "big pair")
        case _:
            print(value, "other")
print(calls)
