data = [1, [2, 3], {"k": 4}]
for item in data:
    match item:
        case [first, *others]:
            pass
        case {"k": value}:
            pass
        case n:
            pass
print(first, others, value, n)
