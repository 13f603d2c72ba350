def parts(seq):
    match seq:
        case []:
            return "empty"
        case [only]:
            return f"only {only}"
        case [first, *_, last] if first == last:
            return f"bookends {first}"
        case [*_, 0]:
            return "ends with zero"
        case [first, *middle, last]:
            return f"first {first} middle {middle} last {last}"

for s in [[], [7], [1, 2, 1], [3, 0], (4, 5, 6, 7), range(3), [1, 2]]:
    print(repr(s), "->", parts(s))

match (1, 2, 3, 4, 5):
    case (a, b, *rest):
        print(a, b, rest, type(rest).__name__)
match [1, [2, [3, 4]]]:
    case [x, [y, [*zs]]]:
        print(x, y, zs)
match "hello world".split():
    case [*words]:
        print(words)
