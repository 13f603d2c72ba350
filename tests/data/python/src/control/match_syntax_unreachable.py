def f(v):
    match v:
        case [x, y]:
            return 2
        case other:
            return 1
        case 3:
            return 0
print(f(1))
